import { describe, expect, it } from 'vitest'
import { feesRoutes } from '../fees/routes.tsx'
import { revenuesRoutes } from '../revenues/routes.tsx'
import { companyRoutes } from './routes.tsx'

describe('company, fees and revenues routes (SPEC §2)', () => {
  const all = [...companyRoutes, ...feesRoutes, ...revenuesRoutes]
  it('cover every company route, all behind login', () => {
    expect(all.map((r) => r.path).sort()).toEqual(
      [
        'companydashboard',
        'companydashboard/company',
        'companydashboard/fees',
        'companydashboard/fees/taxes',
        'companydashboard/fees/recurring',
        'companydashboard/fees/fixed',
        'companydashboard/fees/socialsecurity',
        'companydashboard/revenues',
        'companydashboard/revenues/recurring',
        'companydashboard/revenues/fixed',
      ].sort(),
    )
    expect(all.every((r) => r.auth === true && r.role === undefined)).toBe(true)
  })
})
