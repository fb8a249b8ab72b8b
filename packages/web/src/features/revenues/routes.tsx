import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const RevenuesLanding = lazyPage(() => import('./RevenuesLanding.tsx'), 'RevenuesLanding')
// The income pages are the expense pages with income texts and the revenue/ endpoints (fees/items).
const ItemsPage = lazyPage(() => import('../fees/items/ItemsPage.tsx'), 'ItemsPage')

export const revenuesRoutes: AppRoute[] = [
  { path: 'companydashboard/revenues', element: <RevenuesLanding />, auth: true },
  {
    path: 'companydashboard/revenues/recurring',
    element: <ItemsPage key="ri" dataType="RecurringIncome" />,
    auth: true,
  },
  { path: 'companydashboard/revenues/fixed', element: <ItemsPage key="fi" dataType="Income" />, auth: true },
]
