import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { AppRoutes } from '../../app/App.tsx'
import { ChangePasswordPage } from './ChangePasswordPage.tsx'
import { i18nFor, renderApp } from '../../test/render.tsx'
import { LoginPage } from './LoginPage.tsx'
import { LogoutPage } from './LogoutPage.tsx'
import { ResetPasswordConfirmedPage } from './ResetPasswordConfirmedPage.tsx'
import { MinutesLeft } from '../settings/SettingsPage.tsx'

const session = (role: string) => ({ token: 't', loginDate: Date.now(), minutes: 20, role })

/** Logs in on the Polish login page, the server refusing with `error`. */
const loginRefusedInPolish = async (error: ApiError) => {
  const submit = async () => {
    throw error
  }
  await renderApp(<LoginPage submit={submit} />, { locale: 'pl', route: '/user/login' })
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'jan@example.com' } })
  fireEvent.change(screen.getByLabelText('Hasło'), { target: { value: 'x' } })
  fireEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }))
}

describe('login screen', () => {
  it('validates, moves from e-mail to password on Enter, and clears the password after a failure', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError({ status: 401, statusText: 'Unauthorized', errors: ['Incorrect password.'] })
    })
    await renderApp(<LoginPage submit={submit} />, { route: '/user/login' })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Email is required and should be in correct format.')).toBeTruthy()
    expect(screen.getByText('Password is required.')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()

    const email = screen.getByLabelText('Email')
    const password = screen.getByLabelText('Password') as HTMLInputElement
    fireEvent.change(email, { target: { value: 'jan@example.com' } })
    email.focus()
    fireEvent.keyDown(email, { key: 'Enter' })
    expect(document.activeElement).toBe(password)
    fireEvent.change(password, { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Incorrect password.')).toBeTruthy()
    expect(submit).toHaveBeenCalledWith({ email: 'jan@example.com', password: 'wrong' })
    expect(password.value).toBe('')
  })

  it('says what happened when the server refuses the login: a wrong e-mail or password (pl)', async () => {
    await loginRefusedInPolish(
      new ApiError({ status: 401, statusText: 'Unauthorized', errors: ['Invalid authentication request'] }),
    )
    expect(await screen.findByText('Nieprawidłowy e-mail lub hasło.')).toBeTruthy()
  })

  it('shows server messages in Polish', async () => {
    await loginRefusedInPolish(new ApiError({ status: 0, statusText: 'Unknown Error' }))
    expect(await screen.findByText('Nie udało się połączyć z serwerem. Spróbuj ponownie za chwilę.')).toBeTruthy()
  })

  it('logs in, stores the session and goes home', async () => {
    const submit = async () => ({ token: 'jwt', minutes: 20, role: '1024' })
    const { actor, location } = await renderApp(<LoginPage submit={submit} />, { route: '/user/login' })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.pl' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(actor.getSnapshot().context.session?.role).toBe('1024')
    expect(localStorage.getItem('site token')).toBe('jwt')
  })

  it('goes back to the deep link that asked for the login', async () => {
    const submit = async () => ({ token: 'jwt', minutes: 20, role: '1024' })
    const { location } = await renderApp(<LoginPage submit={submit} />, {
      route: '/user/login?next=%2Fdashboard%2Fmonthly%3Fmonth%3D2026-03',
    })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.pl' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(location()).toBe('/dashboard/monthly?month=2026-03'))
  })
})

describe('change password screen', () => {
  it('continues the session with the new token the server answers (the change revoked the old one)', async () => {
    const submit = vi.fn(async () => ({ success: true, errors: [], token: 'after-change', minutes: 20 }))
    const loadSettings = async () => ({ name: 'jan@example.com', dbName: 'sqlite', sizeInKB: 1 })
    const { actor } = await renderApp(<ChangePasswordPage submit={submit} loadSettings={loadSettings} />, {
      route: '/user/changepassword',
      session: { ...session('1'), token: 'before-change' },
    })
    fireEvent.change(screen.getByLabelText('Old password'), { target: { value: 'Secret#123' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Changed#456' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Changed#456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(actor.getSnapshot().context.session?.token).toBe('after-change'))
    expect(actor.getSnapshot().context.session?.role).toBe('1')
    expect(localStorage.getItem('site token')).toBe('after-change')
  })
})

describe('routes', () => {
  it('shows Page not found / Error 404 for an unknown path, in both languages', async () => {
    const en = await renderApp(<AppRoutes />, { route: '/no/such/page' })
    expect(await screen.findByText('Page not found')).toBeTruthy()
    expect(screen.getByText('Error 404')).toBeTruthy()
    en.unmount()
    await renderApp(<AppRoutes />, { route: '/no/such/page', locale: 'pl' })
    expect(await screen.findByText('Nie znaleziono strony')).toBeTruthy()
    expect(screen.getByText('Błąd 404')).toBeTruthy()
  })

  it('sends an anonymous user to login from a protected route', async () => {
    const { location } = await renderApp(<AppRoutes />, { route: '/user/changepassword' })
    await waitFor(() => expect(location()).toBe('/user/login?next=%2Fuser%2Fchangepassword'))
  })

  it('shows the permission error to a USER opening /logs, then cleans the address', async () => {
    const { location } = await renderApp(<AppRoutes />, { route: '/logs', session: session('1') })
    expect(await screen.findByText("You don't have permision to access this content.")).toBeTruthy()
    expect(screen.getByText('You have USER role. You need ADMIN role.')).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/error'))
  })

  it('hides ADMIN tiles from a USER and shows them to an ADMIN', async () => {
    const user = await renderApp(<AppRoutes />, { route: '/', session: session('1') })
    await screen.findByRole('link', { name: 'Monthly' })
    expect(screen.queryByRole('link', { name: 'Logs' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull()
    user.unmount()
    await renderApp(<AppRoutes />, { route: '/', session: session('1024') })
    expect((await screen.findAllByRole('link', { name: 'Logs' })).length).toBeGreaterThan(0)
  })
})

describe('logout screen', () => {
  afterEach(() => vi.useRealTimers())

  it('ends the session on the server with its token, waits, says the user is logged out after 1 s, and goes to login after 2 s', async () => {
    await i18nFor('en')
    vi.useFakeTimers()
    const endSession = vi.fn(async () => ({ success: true, errors: [] }))
    const { actor, location } = await renderApp(<LogoutPage endSession={endSession} />, {
      route: '/user/logout',
      session: session('1'),
    })
    expect(endSession).toHaveBeenCalledTimes(1)
    expect(endSession).toHaveBeenCalledWith('t')
    expect(screen.getByText('Please wait…')).toBeTruthy()
    expect(actor.getSnapshot().value).toBe('loggedOut')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    expect(screen.getByText('User logged out')).toBeTruthy()
    expect(location()).toBe('/user/logout')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    expect(location()).toBe('/user/login')
  })
})

describe('logout screen when the server cannot end the session', () => {
  it('logs out here all the same (offline, or a token the server no longer takes)', async () => {
    await i18nFor('en')
    const endSession = vi.fn(async () => {
      throw new ApiError({ status: 0, statusText: 'Unknown Error' })
    })
    localStorage.setItem('site token', 't')
    const { actor } = await renderApp(<LogoutPage endSession={endSession} />, {
      route: '/user/logout',
      session: session('1'),
    })
    expect(endSession).toHaveBeenCalledWith('t')
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(localStorage.getItem('site token')).toBeNull()
    expect(await screen.findByText('User logged out', {}, { timeout: 2000 })).toBeTruthy()
  })

  it('makes no call without a session', async () => {
    const endSession = vi.fn(async () => ({}))
    await renderApp(<LogoutPage endSession={endSession} />, { route: '/user/logout' })
    expect(endSession).not.toHaveBeenCalled()
  })
})

describe('reset password confirmed screen', () => {
  it('reads code and e-mail from the link, cleans the address and sends them with the new password', async () => {
    const submit = vi.fn(async () => ({ success: true, errors: [] }))
    const { location } = await renderApp(<ResetPasswordConfirmedPage submit={submit} />, {
      route: '/user/resetpasswordconfirmed?code=c0de&email=jan%40example.com',
    })
    await waitFor(() => expect(location()).toBe('/user/resetpasswordconfirmed'))
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New#Pass1' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'New#Pass1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(location()).toContain('/confirmation?'))
    expect(submit).toHaveBeenCalledWith(
      { password: 'New#Pass1', confirmPassword: 'New#Pass1', code: 'c0de', email: 'jan@example.com' },
      'en',
    )
  })

  it('asks for the e-mail link when code or e-mail is missing', async () => {
    const submit = vi.fn(async () => ({ success: true, errors: [] }))
    await renderApp(<ResetPasswordConfirmedPage submit={submit} />, { route: '/user/resetpasswordconfirmed' })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New#Pass1' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'New#Pass1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Code is required, use link from email')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })
})

describe('Polish plurals', () => {
  it('uses the one, few and many forms for the minutes left', async () => {
    const forms: string[] = []
    for (const minutes of [1, 2, 5, 22]) {
      const r = await renderApp(<MinutesLeft minutes={minutes} />, { locale: 'pl' })
      forms.push((r.container.textContent ?? '').replace(r.location() ?? '', ''))
      r.unmount()
    }
    expect(forms).toEqual(['Została 1 minuta', 'Zostały 2 minuty', 'Zostało 5 minut', 'Zostały 22 minuty'])
    const en = await renderApp(<MinutesLeft minutes={2} />)
    expect(en.container.textContent).toContain('2 minutes left')
  })
})
