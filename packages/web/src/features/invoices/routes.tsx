import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const InvoicesPage = lazyPage(() => import('./InvoicesPage.tsx'), 'InvoicesPage')
const CounterpartiesPage = lazyPage(() => import('./CounterpartiesPage.tsx'), 'CounterpartiesPage')
const SeriesPage = lazyPage(() => import('./SeriesPage.tsx'), 'SeriesPage')

export const invoicesRoutes: AppRoute[] = [
  { path: 'companydashboard/invoices', element: <InvoicesPage />, auth: true },
  { path: 'companydashboard/invoices/counterparties', element: <CounterpartiesPage />, auth: true },
  { path: 'companydashboard/invoices/series', element: <SeriesPage />, auth: true },
]
