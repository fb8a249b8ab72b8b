import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const FeesLanding = lazyPage(() => import('./FeesLanding.tsx'), 'FeesLanding')
const TaxesPage = lazyPage(() => import('./settings/TaxesPage.tsx'), 'TaxesPage')
const SocialSecurityPage = lazyPage(() => import('./settings/SocialSecurityPage.tsx'), 'SocialSecurityPage')
const ItemsPage = lazyPage(() => import('./items/ItemsPage.tsx'), 'ItemsPage')

export const feesRoutes: AppRoute[] = [
  { path: 'companydashboard/fees', element: <FeesLanding />, auth: true },
  { path: 'companydashboard/fees/taxes', element: <TaxesPage />, auth: true },
  { path: 'companydashboard/fees/recurring', element: <ItemsPage key="re" dataType="RecurringExpense" />, auth: true },
  { path: 'companydashboard/fees/fixed', element: <ItemsPage key="fe" dataType="Expense" />, auth: true },
  { path: 'companydashboard/fees/socialsecurity', element: <SocialSecurityPage />, auth: true },
]
