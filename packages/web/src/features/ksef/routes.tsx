import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const KsefImportPage = lazyPage(() => import('./KsefImportPage.tsx'), 'KsefImportPage')

export const ksefRoutes: AppRoute[] = [{ path: 'companydashboard/ksef', element: <KsefImportPage />, auth: true }]
