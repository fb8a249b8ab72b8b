import { lazy } from 'react'
import { bankRoutes } from '../features/bank/routes.tsx'
import { assetsRoutes } from '../features/assets/routes.tsx'
import { invoicesRoutes } from '../features/invoices/routes.tsx'
import { booksRoutes } from '../features/books/routes.tsx'
import { companyRoutes } from '../features/company/routes.tsx'
import { dashboardRoutes } from '../features/dashboard/routes.tsx'
import { feesRoutes } from '../features/fees/routes.tsx'
import { ksefRoutes } from '../features/ksef/routes.tsx'
import { logsRoutes } from '../features/logs/routes.tsx'
import { revenuesRoutes } from '../features/revenues/routes.tsx'
// Static: the error boundary needs ErrorPage's module in the main bundle anyway, so a lazy import would split nothing.
import { ErrorPage, NotFoundPage } from '../screens/ErrorPage.tsx'
import { HomePage } from '../screens/HomePage.tsx'
import { LoginPage } from '../screens/LoginPage.tsx'
import type { AppRoute } from './types.ts'

const load = <K extends string>(loader: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => loader().then((m) => ({ default: m[name] })))

const UserHomePage = load(() => import('../screens/UserHomePage.tsx'), 'UserHomePage')
const LogoutPage = load(() => import('../screens/LogoutPage.tsx'), 'LogoutPage')
const RegisterPage = load(() => import('../screens/RegisterPage.tsx'), 'RegisterPage')
const ChangePasswordPage = load(() => import('../screens/ChangePasswordPage.tsx'), 'ChangePasswordPage')
const ResetPasswordPage = load(() => import('../screens/ResetPasswordPage.tsx'), 'ResetPasswordPage')
const ResetPasswordConfirmedPage = load(
  () => import('../screens/ResetPasswordConfirmedPage.tsx'),
  'ResetPasswordConfirmedPage',
)
const ConfirmationPage = load(() => import('../screens/ConfirmationPage.tsx'), 'ConfirmationPage')
const AcceptPage = load(() => import('../screens/AcceptPage.tsx'), 'AcceptPage')
const SettingsPage = load(() => import('../screens/SettingsPage.tsx'), 'SettingsPage')

/** The shell's own routes (SPEC §2). */
export const shellRoutes: AppRoute[] = [
  { path: '', element: <HomePage /> },
  { path: 'error', element: <ErrorPage /> },
  { path: 'confirmation', element: <ConfirmationPage /> },
  { path: 'user', element: <UserHomePage /> },
  { path: 'user/login', element: <LoginPage /> },
  { path: 'user/logout', element: <LogoutPage /> },
  { path: 'user/resetpassword', element: <ResetPasswordPage /> },
  { path: 'user/resetpasswordconfirmed', element: <ResetPasswordConfirmedPage /> },
  { path: 'user/register', element: <RegisterPage />, auth: true, role: 'ADMIN' },
  { path: 'user/changepassword', element: <ChangePasswordPage />, auth: true },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'accept', element: <AcceptPage /> },
]

/** The whole route table: the shell's routes, then every feature's. */
export const appRoutes: AppRoute[] = [
  ...shellRoutes,
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
]

export const notFoundElement = <NotFoundPage />
