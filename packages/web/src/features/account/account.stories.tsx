import type { Meta, StoryObj } from '@storybook/react-vite'
import { ApiError } from '../../api/client.ts'
import { adminSession, pending, userSession, withSession } from '../../stories/fixtures.tsx'
import { AcceptPage } from './AcceptPage.tsx'
import { ChangePasswordPage } from './ChangePasswordPage.tsx'
import { ConfirmationPage } from './ConfirmationPage.tsx'
import { ErrorBox, NotFoundPage } from '../../routing/ErrorPage.tsx'
import { HomePage } from '../home/HomePage.tsx'
import { LoginPage } from './LoginPage.tsx'
import { LogoutPage } from './LogoutPage.tsx'
import { RegisterPage } from './RegisterPage.tsx'
import { ResetPasswordConfirmedPage } from './ResetPasswordConfirmedPage.tsx'
import { ResetPasswordPage } from './ResetPasswordPage.tsx'
import { SettingsPage } from '../settings/SettingsPage.tsx'
import { UserHomePage } from '../home/UserHomePage.tsx'

const meta: Meta = { title: 'Screens' }
export default meta
type Story = StoryObj

const visitor = () => null
const settings = async () => ({ name: 'jan@example.com', dbName: 'SQLite', sizeInKB: 148 })
const failLogin = async () => {
  throw new ApiError({ status: 401, statusText: 'Unauthorized', errors: ['Incorrect password.'] })
}

export const HomeLoggedOut: Story = withSession(visitor, () => <HomePage />)
export const HomeUser: Story = withSession(userSession, () => <HomePage />)
export const HomeAdmin: Story = withSession(adminSession, () => <HomePage />)

export const Login: Story = withSession(visitor, () => <LoginPage submit={failLogin} />)

export const Register: Story = withSession(adminSession, () => (
  <RegisterPage submit={async () => ({ success: false, errors: ['Email already exist'] })} />
))

export const Logout: Story = withSession(visitor, () => <LogoutPage />)

export const ChangePassword: Story = withSession(userSession, () => (
  <ChangePasswordPage loadSettings={settings} submit={async () => ({ success: true, errors: [] })} />
))

export const ResetPassword: Story = {
  render: () => <ResetPasswordPage submit={async () => ({ success: true, errors: [] })} />,
}

export const ResetPasswordConfirmed: Story = {
  parameters: { route: '/user/resetpasswordconfirmed?code=abc&email=jan%40example.com' },
  render: () => <ResetPasswordConfirmedPage submit={pending} />,
}

export const Confirmation: Story = {
  parameters: {
    route:
      '/confirmation?message=Reset%20password%20completed&subMessage=You%20can%20go%20to%20the%20login%20page&showLogin=true',
  },
  render: () => <ConfirmationPage />,
}

export const ErrorScreen: Story = {
  render: () => (
    <ErrorBox
      message="You don't have permision to access this content."
      subMessage="You have USER role. You need ADMIN role."
    />
  ),
}

export const NotFound: Story = { render: () => <NotFoundPage /> }

export const Accept: Story = {
  parameters: { route: '/accept?key=k' },
  render: () => <AcceptPage accept={async () => ({ message: 'Transaction accepted' })} />,
}

export const SettingsLoggedIn: Story = withSession(userSession, () => <SettingsPage load={settings} />)

/** An ADMIN's Settings: the user's own data to export and the scheduled backup's last result. */
export const SettingsAdmin: Story = withSession(adminSession, () => (
  <SettingsPage
    load={settings}
    safety={{
      loadBackup: async () => ({
        configured: true,
        intervalHours: 24,
        keep: 7,
        last: {
          at: '2026-05-01T02:00:00.000Z',
          ok: true,
          file: 'finance-backup-20260501T020000Z.sqlite',
          sizeBytes: 81_920,
          events: 76,
          digest: '80672c5c79aa7f50baa31831e6f7a83d829a6121d8fe37f5267f35afe64284bf',
          seconds: 0.2,
          error: null,
        },
      }),
    }}
  />
))

export const SettingsLoggedOut: Story = withSession(visitor, () => (
  <SettingsPage load={async () => ({ name: '', dbName: 'SQLite', sizeInKB: 12 })} />
))

export const UserHomeLoggedOut: Story = withSession(visitor, () => <UserHomePage />)

export const UserHomeAdmin: Story = withSession(adminSession, () => <UserHomePage />)
