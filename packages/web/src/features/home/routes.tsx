import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'
// Static: the start page is the first thing every visit shows.
import { HomePage } from './HomePage.tsx'

const UserHomePage = lazyPage(() => import('./UserHomePage.tsx'), 'UserHomePage')

/** The start pages (SPEC §2): the public home and the user's home. */
export const homeRoutes: AppRoute[] = [
  { path: '', element: <HomePage /> },
  { path: 'user', element: <UserHomePage /> },
]
