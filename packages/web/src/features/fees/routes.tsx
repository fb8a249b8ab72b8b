import { lazy } from 'react'
import type { AppRoute } from '../../app/types.ts'

// Placeholder until the fees screens exist; lazy so the feature stays out of the initial bundle.
const Page = lazy(() => import('../../app/placeholders.tsx').then((m) => ({ default: m.FeesPlaceholder })))

export const feesRoutes: AppRoute[] = [
  { path: 'companydashboard/fees', element: <Page />, auth: true },
  { path: 'companydashboard/fees/taxes', element: <Page />, auth: true },
  { path: 'companydashboard/fees/recurring', element: <Page />, auth: true },
  { path: 'companydashboard/fees/fixed', element: <Page />, auth: true },
  { path: 'companydashboard/fees/socialsecurity', element: <Page />, auth: true },
]
