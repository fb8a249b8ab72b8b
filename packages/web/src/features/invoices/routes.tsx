import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const InvoicesPage = lazy(() => import('./InvoicesPage.tsx').then((m) => ({ default: m.InvoicesPage })))

export const invoicesRoutes: AppRoute[] = [{ path: 'companydashboard/invoices', element: <InvoicesPage />, auth: true }]
