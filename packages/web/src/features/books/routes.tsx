import { lazy } from 'react'
import type { AppRoute } from '../../routing/types.ts'

const BooksPage = lazy(() => import('./BooksPage.tsx').then((m) => ({ default: m.BooksPage })))

export const booksRoutes: AppRoute[] = [{ path: 'companydashboard/books', element: <BooksPage />, auth: true }]
