import { lazy } from 'react'
import type { AppRoute } from '../../app/types.ts'

// Placeholder until the revenues screens exist; lazy so the feature stays out of the initial bundle.
const Page = lazy(() => import('../../app/placeholders.tsx').then((m) => ({ default: m.RevenuesPlaceholder })))

export const revenuesRoutes: AppRoute[] = [
  { path: 'companydashboard/revenues', element: <Page />, auth: true },
  { path: 'companydashboard/revenues/recurring', element: <Page />, auth: true },
  { path: 'companydashboard/revenues/fixed', element: <Page />, auth: true },
]
