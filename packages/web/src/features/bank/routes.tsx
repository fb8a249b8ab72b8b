import type { AppRoute } from '../../routing/types.ts'
import { lazyPage } from '../../routing/lazyPage.ts'

const BankPage = lazyPage(() => import('./BankPage.tsx'), 'BankPage')

export const bankRoutes: AppRoute[] = [{ path: 'companydashboard/bank', element: <BankPage />, auth: true }]
