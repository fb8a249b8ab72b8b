import { describe, expect, it } from 'vitest'
import { breadcrumbItems } from './labels.ts'
import { menuFor, swipeDirection } from './menuItems.ts'

const labels = (items: ReturnType<typeof menuFor>): string[] =>
  items.flatMap((i) => [i.label.message ?? '', ...(i.children ? labels(i.children) : [])])

describe('menu', () => {
  it('shows Home, Login and Settings when logged out', () => {
    expect(labels(menuFor(false, false))).toEqual(['Home', 'Login', 'Settings'])
  })

  it('shows the logged-in items, ADMIN-only ones only for ADMIN', () => {
    const user = labels(menuFor(true, false))
    expect(user).toEqual([
      'Home',
      'Dashboard',
      'Monthly',
      'Yearly',
      'Company',
      'Your company',
      'Fees',
      'Revenues',
      'Invoices',
      'Tax book',
      'Fixed assets',
      'KSeF invoices',
      'Bank',
      'User',
      'Password',
      'Logout',
      'Other',
      'Settings',
    ])
    const admin = labels(menuFor(true, true))
    expect(admin).toContain('Register')
    expect(admin).toContain('Logs')
    expect(admin).toHaveLength(user.length + 2)
  })
})

describe('swipe', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, t })
  it('opens on a quick left swipe and closes on a right one', () => {
    expect(swipeDirection(at(300, 100, 0), at(200, 110, 300))).toBe('left')
    expect(swipeDirection(at(100, 100, 0), at(200, 90, 300))).toBe('right')
  })
  it('ignores slow, short or too vertical moves', () => {
    expect(swipeDirection(at(300, 100, 0), at(200, 100, 700))).toBeNull()
    expect(swipeDirection(at(300, 100, 0), at(240, 100, 100))).toBeNull()
    expect(swipeDirection(at(300, 100, 0), at(200, 140, 100))).toBeNull()
  })
})

describe('breadcrumb', () => {
  it('starts with home and links every segment up to it', () => {
    expect(breadcrumbItems('/companydashboard/fees/taxes')).toEqual([
      { segment: '', to: '/' },
      { segment: 'companydashboard', to: '/companydashboard' },
      { segment: 'fees', to: '/companydashboard/fees' },
      { segment: 'taxes', to: '/companydashboard/fees/taxes' },
    ])
    expect(breadcrumbItems('/')).toEqual([{ segment: '', to: '/' }])
  })
})
