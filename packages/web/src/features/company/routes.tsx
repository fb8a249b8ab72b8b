import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const CompanyDashboard = lazy(() => import('./CompanyDashboard.tsx').then((m) => ({ default: m.CompanyDashboard })))
const CompanyPage = lazy(() => import('./CompanyPage.tsx').then((m) => ({ default: m.CompanyPage })))

export const companyRoutes: AppRoute[] = [
  { path: 'companydashboard', element: <CompanyDashboard />, auth: true },
  { path: 'companydashboard/company', element: <CompanyPage />, auth: true },
]
