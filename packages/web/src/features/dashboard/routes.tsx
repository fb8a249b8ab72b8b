import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

// Lazy, so the dashboards (and d3) stay out of the initial bundle.
const Landing = lazyPage(() => import('./DashboardLanding.tsx'), 'DashboardLanding')
const Monthly = lazyPage(() => import('./monthly/MonthlyDashboard.tsx'), 'MonthlyDashboard')
const Yearly = lazyPage(() => import('./yearly/YearlyDashboard.tsx'), 'YearlyDashboard')

export const dashboardRoutes: AppRoute[] = [
  { path: 'dashboard', element: <Landing />, auth: true },
  { path: 'dashboard/monthly', element: <Monthly />, auth: true },
  { path: 'dashboard/yearly', element: <Yearly />, auth: true },
]
