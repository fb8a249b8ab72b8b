import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const BankPage = lazyPage(() => import('./BankPage.tsx'), 'BankPage')

export const bankRoutes: AppRoute[] = [{ path: 'companydashboard/bank', element: <BankPage />, auth: true }]
