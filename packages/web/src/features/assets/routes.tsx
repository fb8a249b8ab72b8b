import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const AssetsPage = lazy(() => import('./AssetsPage.tsx').then((m) => ({ default: m.AssetsPage })))

export const assetsRoutes: AppRoute[] = [{ path: 'companydashboard/assets', element: <AssetsPage />, auth: true }]
