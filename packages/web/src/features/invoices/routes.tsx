import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const InvoicesPage = lazy(() => import('./InvoicesPage.tsx').then((m) => ({ default: m.InvoicesPage })))
const CounterpartiesPage = lazy(() =>
  import('./CounterpartiesPage.tsx').then((m) => ({ default: m.CounterpartiesPage })),
)
const SeriesPage = lazy(() => import('./SeriesPage.tsx').then((m) => ({ default: m.SeriesPage })))

export const invoicesRoutes: AppRoute[] = [
  { path: 'companydashboard/invoices', element: <InvoicesPage />, auth: true },
  { path: 'companydashboard/invoices/counterparties', element: <CounterpartiesPage />, auth: true },
  { path: 'companydashboard/invoices/series', element: <SeriesPage />, auth: true },
]
