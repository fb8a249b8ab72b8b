import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const KsefImportPage = lazy(() => import('./KsefImportPage.tsx').then((m) => ({ default: m.KsefImportPage })))

export const ksefRoutes: AppRoute[] = [{ path: 'companydashboard/ksef', element: <KsefImportPage />, auth: true }]
