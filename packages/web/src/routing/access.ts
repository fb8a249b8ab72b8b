import { Roles } from '@finance/ledger-core'
import type { AppRoute } from './types.ts'

export const loginPath = '/user/login'

/**
 * The login page that brings the user back to `here` (path and query) afterwards: `/user/login?next=%2Fdashboard`.
 * Home and the login page itself need no return.
 */
export const loginReturningTo = (here: string): string =>
  here === '/' || here === '' || here.startsWith(loginPath)
    ? loginPath
    : `${loginPath}?next=${encodeURIComponent(here)}`

/**
 * Where to go after logging in: the `next` of the login page's query when it is a path of this app (`/…`, never
 * `//host` or `/\\host`, which browsers read as another site), else home.
 */
export const afterLogin = (search: string): string => {
  const next = new URLSearchParams(search).get('next')
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (next.startsWith(loginPath)) return '/'
  return next
}

/** Name of a stored role ('1024' → ADMIN); a missing or unknown role reads as LACK (0). */
export const roleName = (role: string | null | undefined): 'LACK' | 'USER' | 'ADMIN' => {
  const value = String(role ?? '0')
  if (value === String(Roles.ADMIN)) return 'ADMIN'
  if (value === String(Roles.USER)) return 'USER'
  return 'LACK'
}

export const roleValue = (name: 'LACK' | 'USER' | 'ADMIN'): string => String(Roles[name])

export const accessDeniedMessage = "You don't have permision to access this content."
export const roleSubMessage = (current: string, required: string) =>
  `You have ${current} role. You need ${required} role.`

export const errorPath = (message: string, subMessage?: string): string => {
  const q = new URLSearchParams({ message })
  if (subMessage) q.set('subMessage', subMessage)
  return `/error?${q.toString()}`
}

/**
 * The guards of SPEC §2: a route with `auth` or `role` needs a logged-in user (else the login page); a route with
 * `role` lets the user through only when the stored role matches exactly (compared as a string), else the error
 * page with the permission message.
 */
export const checkAccess = (
  route: Pick<AppRoute, 'auth' | 'role'>,
  session: { loggedIn: boolean; role: string },
  here = '/',
): { ok: true } | { ok: false; redirect: string } => {
  if ((route.auth || route.role) && !session.loggedIn) return { ok: false, redirect: loginReturningTo(here) }
  if (route.role && String(session.role) !== roleValue(route.role)) {
    return {
      ok: false,
      redirect: errorPath(accessDeniedMessage, roleSubMessage(roleName(session.role), route.role)),
    }
  }
  return { ok: true }
}

/** sessionStorage key of the one-time `route` redirect's loop guard. */
export const routeRedirectKey = 'route redirect at'
export const ROUTE_REDIRECT_GUARD_MS = 1000
export const ROUTE_REDIRECT_DELAY_MS = 10

/**
 * Target of the landing address's `route` query parameter (SPEC §2), carrying the other parameters;
 * null when there is none or a redirect happened less than 1 s ago (loop guard).
 */
export const routeRedirectTarget = (search: string, now: number, lastRedirectAt: number | null): string | null => {
  const params = new URLSearchParams(search)
  const route = params.get('route')
  if (!route) return null
  if (lastRedirectAt !== null && now - lastRedirectAt < ROUTE_REDIRECT_GUARD_MS) return null
  params.delete('route')
  const rest = params.toString()
  const path = `/${route.replace(/^\/+/, '')}`
  return rest ? `${path}?${rest}` : path
}
