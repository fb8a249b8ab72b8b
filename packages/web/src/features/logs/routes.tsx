import type { AppRoute } from '../../routing/types.ts'
import { lazyPage } from '../../routing/lazyPage.ts'

const Page = lazyPage(() => import('./LogsPage.tsx'), 'LogsPage')

export const logsRoutes: AppRoute[] = [{ path: 'logs', element: <Page />, auth: true, role: 'ADMIN' }]
