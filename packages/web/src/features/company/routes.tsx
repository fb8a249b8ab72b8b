import { lazy } from 'react'
import type { AppRoute } from '../../app/types.ts'

// Placeholder until the company screens exist; lazy so the feature stays out of the initial bundle.
const Page = lazy(() => import('../../app/placeholders.tsx').then((m) => ({ default: m.CompanyPlaceholder })))

export const companyRoutes: AppRoute[] = [
  { path: 'companydashboard', element: <Page />, auth: true },
  { path: 'companydashboard/company', element: <Page />, auth: true },
]
