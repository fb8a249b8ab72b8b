import { describe, expect, it } from 'vitest'
import { afterLogin, checkAccess, errorPath, loginReturningTo, roleName, routeRedirectTarget } from './access.ts'

describe('route guards', () => {
  const user = { loggedIn: true, role: '1' }
  const admin = { loggedIn: true, role: '1024' }
  const anon = { loggedIn: false, role: '0' }

  it('lets anyone through a route that needs nothing', () => {
    expect(checkAccess({}, anon)).toEqual({ ok: true })
  })

  it('sends an anonymous user to login for auth and role routes', () => {
    expect(checkAccess({ auth: true }, anon)).toEqual({ ok: false, redirect: '/user/login' })
    expect(checkAccess({ auth: true, role: 'ADMIN' }, anon)).toEqual({ ok: false, redirect: '/user/login' })
  })

  it('requires the exact role, compared as a string, else the permission error', () => {
    expect(checkAccess({ auth: true, role: 'ADMIN' }, admin)).toEqual({ ok: true })
    expect(checkAccess({ auth: true, role: 'USER' }, admin)).toEqual({
      ok: false,
      redirect: errorPath(
        "You don't have permision to access this content.",
        'You have ADMIN role. You need USER role.',
      ),
    })
    const denied = checkAccess({ auth: true, role: 'ADMIN' }, user)
    expect(denied.ok).toBe(false)
    const url = new URL(denied.ok ? '' : denied.redirect, 'http://x')
    expect(url.pathname).toBe('/error')
    expect(url.searchParams.get('message')).toBe("You don't have permision to access this content.")
    expect(url.searchParams.get('subMessage')).toBe('You have USER role. You need ADMIN role.')
  })

  it('names roles; missing or unknown reads as LACK', () => {
    expect([roleName('1024'), roleName('1'), roleName('0'), roleName(null), roleName('7')]).toEqual([
      'ADMIN',
      'USER',
      'LACK',
      'LACK',
      'LACK',
    ])
  })
})

describe('one-time route redirect', () => {
  it('goes to the route carrying the other parameters', () => {
    expect(routeRedirectTarget('?route=user/resetpasswordconfirmed&code=a%2Bb&email=x%40y.pl', 10_000, null)).toBe(
      '/user/resetpasswordconfirmed?code=a%2Bb&email=x%40y.pl',
    )
    expect(routeRedirectTarget('?route=/settings', 0, null)).toBe('/settings')
  })

  it('does nothing without a route, and not again within 1 s (loop guard)', () => {
    expect(routeRedirectTarget('?code=1', 0, null)).toBeNull()
    expect(routeRedirectTarget('?route=settings', 10_500, 10_000)).toBeNull()
    expect(routeRedirectTarget('?route=settings', 11_000, 10_000)).toBe('/settings')
  })
})

describe('return after login', () => {
  it('sends a logged-out deep link to the login page with the way back', () => {
    const anon = { loggedIn: false, role: '0' }
    expect(checkAccess({ auth: true }, anon, '/dashboard/monthly?x=1')).toEqual({
      ok: false,
      redirect: '/user/login?next=%2Fdashboard%2Fmonthly%3Fx%3D1',
    })
    expect(loginReturningTo('/')).toBe('/user/login')
    expect(loginReturningTo('/user/login?next=%2Fx')).toBe('/user/login')
  })

  it('goes back only to a path of this app', () => {
    expect(afterLogin('?next=%2Fdashboard%2Fmonthly%3Fx%3D1')).toBe('/dashboard/monthly?x=1')
    // No way back, another site (absolute, protocol-relative, a backslash) or the login page itself: home.
    for (const search of [
      '',
      '?next=https%3A%2F%2Fevil.example',
      '?next=%2F%2Fevil.example',
      '?next=%2F%5Cevil.example',
      '?next=%2Fuser%2Flogin',
    ])
      expect(afterLogin(search), search).toBe('/')
  })
})
