import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const AssetsPage = lazyPage(() => import('./AssetsPage.tsx'), 'AssetsPage')

export const assetsRoutes: AppRoute[] = [{ path: 'companydashboard/assets', element: <AssetsPage />, auth: true }]
