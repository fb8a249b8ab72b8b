import type { AppRoute } from '../../routing/types.ts'
import { lazyPage } from '../../routing/lazyPage.ts'

const AssetsPage = lazyPage(() => import('./AssetsPage.tsx'), 'AssetsPage')

export const assetsRoutes: AppRoute[] = [{ path: 'companydashboard/assets', element: <AssetsPage />, auth: true }]
