import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const CompanyDashboard = lazyPage(() => import('./CompanyDashboard.tsx'), 'CompanyDashboard')
const CompanyPage = lazyPage(() => import('./CompanyPage.tsx'), 'CompanyPage')

export const companyRoutes: AppRoute[] = [
  { path: 'companydashboard', element: <CompanyDashboard />, auth: true },
  { path: 'companydashboard/company', element: <CompanyPage />, auth: true },
]
