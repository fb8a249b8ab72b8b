import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

// Lazy, so the dashboards (and d3) stay out of the initial bundle.
const Landing = lazy(() => import('./DashboardLanding.tsx').then((m) => ({ default: m.DashboardLanding })))
const Monthly = lazy(() => import('./monthly/MonthlyDashboard.tsx').then((m) => ({ default: m.MonthlyDashboard })))
const Yearly = lazy(() => import('./yearly/YearlyDashboard.tsx').then((m) => ({ default: m.YearlyDashboard })))

export const dashboardRoutes: AppRoute[] = [
  { path: 'dashboard', element: <Landing />, auth: true },
  { path: 'dashboard/monthly', element: <Monthly />, auth: true },
  { path: 'dashboard/yearly', element: <Yearly />, auth: true },
]
