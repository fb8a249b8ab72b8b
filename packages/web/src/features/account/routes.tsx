import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'
// Static: the login screen is where a first visit often lands, so it ships in the main bundle.
import { LoginPage } from './LoginPage.tsx'

const LogoutPage = lazyPage(() => import('./LogoutPage.tsx'), 'LogoutPage')
const RegisterPage = lazyPage(() => import('./RegisterPage.tsx'), 'RegisterPage')
const ChangePasswordPage = lazyPage(() => import('./ChangePasswordPage.tsx'), 'ChangePasswordPage')
const ResetPasswordPage = lazyPage(() => import('./ResetPasswordPage.tsx'), 'ResetPasswordPage')
const ResetPasswordConfirmedPage = lazyPage(
  () => import('./ResetPasswordConfirmedPage.tsx'),
  'ResetPasswordConfirmedPage',
)
const ConfirmationPage = lazyPage(() => import('./ConfirmationPage.tsx'), 'ConfirmationPage')
const AcceptPage = lazyPage(() => import('./AcceptPage.tsx'), 'AcceptPage')

/** The account's screens (SPEC §2): log in and out, register, passwords, e-mail confirmations. */
export const accountRoutes: AppRoute[] = [
  { path: 'confirmation', element: <ConfirmationPage /> },
  { path: 'user/login', element: <LoginPage /> },
  { path: 'user/logout', element: <LogoutPage /> },
  { path: 'user/resetpassword', element: <ResetPasswordPage /> },
  { path: 'user/resetpasswordconfirmed', element: <ResetPasswordConfirmedPage /> },
  { path: 'user/register', element: <RegisterPage />, auth: true, role: 'ADMIN' },
  { path: 'user/changepassword', element: <ChangePasswordPage />, auth: true },
  { path: 'accept', element: <AcceptPage /> },
]
