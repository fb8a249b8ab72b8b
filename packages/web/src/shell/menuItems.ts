import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export type MenuItem = { label: MessageDescriptor; to?: string; adminOnly?: boolean; children?: MenuItem[] }

/** Logged-in menu of SPEC §2 (groups Dashboard, Company, User, Other). */
export const loggedInMenu: MenuItem[] = [
  { label: msg`Home`, to: '/' },
  {
    label: msg`Dashboard`,
    to: '/dashboard',
    children: [
      { label: msg`Monthly`, to: '/dashboard/monthly' },
      { label: msg`Yearly`, to: '/dashboard/yearly' },
    ],
  },
  {
    label: msg`Company`,
    to: '/companydashboard',
    children: [
      { label: msg`Your company`, to: '/companydashboard/company' },
      { label: msg`Fees`, to: '/companydashboard/fees' },
      { label: msg`Revenues`, to: '/companydashboard/revenues' },
      { label: msg`Invoices`, to: '/companydashboard/invoices' },
      { label: msg`Tax book`, to: '/companydashboard/books' },
      { label: msg`Fixed assets`, to: '/companydashboard/assets' },
      { label: msg`KSeF invoices`, to: '/companydashboard/ksef' },
      { label: msg`Bank`, to: '/companydashboard/bank' },
    ],
  },
  {
    label: msg`User`,
    to: '/user',
    children: [
      { label: msg`Register`, to: '/user/register', adminOnly: true },
      { label: msg`Password`, to: '/user/changepassword' },
      { label: msg`Logout`, to: '/user/logout' },
    ],
  },
  {
    label: msg`Other`,
    children: [
      { label: msg`Settings`, to: '/settings' },
      { label: msg`Logs`, to: '/logs', adminOnly: true },
    ],
  },
]

/** Logged-out menu of SPEC §2. */
export const loggedOutMenu: MenuItem[] = [
  { label: msg`Home`, to: '/' },
  { label: msg`Login`, to: '/user/login' },
  { label: msg`Settings`, to: '/settings' },
]

/** The menu for a session: ADMIN-only items only for ADMIN. */
export const menuFor = (loggedIn: boolean, isAdmin: boolean): MenuItem[] => {
  const filter = (items: MenuItem[]): MenuItem[] =>
    items.filter((i) => isAdmin || !i.adminOnly).map((i) => (i.children ? { ...i, children: filter(i.children) } : i))
  return filter(loggedIn ? loggedInMenu : loggedOutMenu)
}

/** Swipe of SPEC §2: under 700 ms, over 60 px horizontally, under 40 px vertically; left opens, right closes. */
export const SWIPE = { maxMs: 700, minX: 60, maxY: 40 } as const
export type Point = { x: number; y: number; t: number }
export const swipeDirection = (start: Point, end: Point): 'left' | 'right' | null => {
  const dx = end.x - start.x
  const dy = Math.abs(end.y - start.y)
  if (end.t - start.t >= SWIPE.maxMs || Math.abs(dx) <= SWIPE.minX || dy >= SWIPE.maxY) return null
  return dx < 0 ? 'left' : 'right'
}
