import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const FeesLanding = lazy(() => import('./FeesLanding.tsx').then((m) => ({ default: m.FeesLanding })))
const TaxesPage = lazy(() => import('./settings/TaxesPage.tsx').then((m) => ({ default: m.TaxesPage })))
const SocialSecurityPage = lazy(() =>
  import('./settings/SocialSecurityPage.tsx').then((m) => ({ default: m.SocialSecurityPage })),
)
const ItemsPage = lazy(() => import('./items/ItemsPage.tsx').then((m) => ({ default: m.ItemsPage })))

export const feesRoutes: AppRoute[] = [
  { path: 'companydashboard/fees', element: <FeesLanding />, auth: true },
  { path: 'companydashboard/fees/taxes', element: <TaxesPage />, auth: true },
  { path: 'companydashboard/fees/recurring', element: <ItemsPage key="re" dataType="RecurringExpense" />, auth: true },
  { path: 'companydashboard/fees/fixed', element: <ItemsPage key="fe" dataType="Expense" />, auth: true },
  { path: 'companydashboard/fees/socialsecurity', element: <SocialSecurityPage />, auth: true },
]
