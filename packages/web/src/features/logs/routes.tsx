import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const Page = lazy(() => import('./LogsPage.tsx').then((m) => ({ default: m.LogsPage })))

export const logsRoutes: AppRoute[] = [{ path: 'logs', element: <Page />, auth: true, role: 'ADMIN' }]
