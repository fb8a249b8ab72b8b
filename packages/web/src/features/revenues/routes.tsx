import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const RevenuesLanding = lazy(() => import('./RevenuesLanding.tsx').then((m) => ({ default: m.RevenuesLanding })))
// The income pages are the expense pages with income texts and the revenue/ endpoints (fees/items).
const ItemsPage = lazy(() => import('../fees/items/ItemsPage.tsx').then((m) => ({ default: m.ItemsPage })))

export const revenuesRoutes: AppRoute[] = [
  { path: 'companydashboard/revenues', element: <RevenuesLanding />, auth: true },
  {
    path: 'companydashboard/revenues/recurring',
    element: <ItemsPage key="ri" dataType="RecurringIncome" />,
    auth: true,
  },
  { path: 'companydashboard/revenues/fixed', element: <ItemsPage key="fi" dataType="Income" />, auth: true },
]
