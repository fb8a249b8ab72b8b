import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const BankPage = lazy(() => import('./BankPage.tsx').then((m) => ({ default: m.BankPage })))

export const bankRoutes: AppRoute[] = [{ path: 'companydashboard/bank', element: <BankPage />, auth: true }]
