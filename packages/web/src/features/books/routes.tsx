import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const BooksPage = lazyPage(() => import('./BooksPage.tsx'), 'BooksPage')

export const booksRoutes: AppRoute[] = [{ path: 'companydashboard/books', element: <BooksPage />, auth: true }]
