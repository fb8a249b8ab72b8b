import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const Page = lazyPage(() => import('./LogsPage.tsx'), 'LogsPage')

export const logsRoutes: AppRoute[] = [{ path: 'logs', element: <Page />, auth: true, role: 'ADMIN' }]
