import { accountRoutes } from '../features/account/routes.tsx'
import { assetsRoutes } from '../features/assets/routes.tsx'
import { bankRoutes } from '../features/bank/routes.tsx'
import { invoicesRoutes } from '../features/invoices/routes.tsx'
import { booksRoutes } from '../features/books/routes.tsx'
import { companyRoutes } from '../features/company/routes.tsx'
import { dashboardRoutes } from '../features/dashboard/routes.tsx'
import { feesRoutes } from '../features/fees/routes.tsx'
import { homeRoutes } from '../features/home/routes.tsx'
import { ksefRoutes } from '../features/ksef/routes.tsx'
import { logsRoutes } from '../features/logs/routes.tsx'
import { revenuesRoutes } from '../features/revenues/routes.tsx'
import { settingsRoutes } from '../features/settings/routes.tsx'
import { setupRoutes } from '../features/setup/routes.tsx'
// Static: the error boundary needs ErrorPage's module in the main bundle anyway, so a lazy import would split nothing.
import { ErrorPage, NotFoundPage } from '../routing/ErrorPage.tsx'
import type { AppRoute } from '../routing/types.ts'

/** The routing module's own route: the error page the guards and the API's redirects send to (SPEC §2). */
const errorRoutes: AppRoute[] = [{ path: 'error', element: <ErrorPage /> }]

/** The whole route table: every feature's routes, collected here and nowhere else. */
export const appRoutes: AppRoute[] = [
  ...homeRoutes,
  ...errorRoutes,
  ...accountRoutes,
  ...settingsRoutes,
  ...companyRoutes,
  ...feesRoutes,
  ...revenuesRoutes,
  ...dashboardRoutes,
  ...logsRoutes,
  ...booksRoutes,
  ...assetsRoutes,
  ...invoicesRoutes,
  ...ksefRoutes,
  ...bankRoutes,
  ...setupRoutes,
]

export const notFoundElement = <NotFoundPage />
