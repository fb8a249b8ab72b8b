/** `POST /api/setup`: the first-run set-up written at once — all its records, or none and every invalid field. */
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const company = {
  ...bodies.Primary,
  taxOfficeCode: '1471',
  businessStartDate: '2026-03-10',
  vatRegistrationDate: '2026-03-10',
}
const setup = {
  company,
  vat: { ...bodies.Vat, date: '2026-03-10' },
  pit: [{ ...bodies.Pit, date: '2026-03-10' }],
  socialSecurity: { ...bodies.SocialSecurity, date: '2026-03-10' },
}

/** What the books hold of the set-up's records. */
const written = async (t: string) => ({
  company: (await call(h.app, t, 'GET', '/api/config/GetListByType/Primary')).json().length,
  vat: (await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')).json(),
  pit: (await call(h.app, t, 'GET', '/api/fee/GetListByType/Pit')).json(),
  zus: (await call(h.app, t, 'GET', '/api/fee/GetListByType/SocialSecurity')).json(),
})

describe('POST /api/setup', () => {
  it('writes the company data and every setting in one append', async () => {
    h = await harness()
    const t = await h.user('setup@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', setup)
    expect(res.statusCode).toBe(201)
    expect(res.json().records.map((r: { dataType: string }) => r.dataType)).toEqual([
      'Primary',
      'Vat',
      'Pit',
      'SocialSecurity',
    ])
    const after = await written(t)
    expect(after.company).toBe(1)
    expect(after.vat).toHaveLength(1)
    expect(after.pit).toHaveLength(1)
    expect(after.zus).toHaveLength(1)
    expect(after.zus[0].dataObject.date).toBe('2026-03-10')
  })

  it('a failure in the last part (ZUS) writes nothing, not even the company data before it', async () => {
    h = await harness()
    const t = await h.user('half@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', {
      ...setup,
      socialSecurity: { ...setup.socialSecurity, amount: '12,5x' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({
      'socialSecurity.amount': 'Amount must be a number with at most 2 decimals',
    })
    const after = await written(t)
    expect(after.company).toBe(0)
    expect(after.vat).toEqual([])
    expect(after.pit).toEqual([])
    expect(after.zus).toEqual([])
  })

  it('answers every invalid field of every part, and a setting dated before the business started', async () => {
    h = await harness()
    const t = await h.user('fields@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', {
      company: { ...company, nip: '' },
      vat: { ...setup.vat, percent: '23.5' },
      pit: [setup.pit[0], { ...bodies.Pit, date: '2027-01-01', taxType: 'Scale', firstPercent: 'x' }],
      socialSecurity: { ...setup.socialSecurity, date: '2026-02-01' },
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'company.nip',
      'pit.1.firstPercent',
      'socialSecurity.date',
      'vat.percent',
    ])
    expect(res.json().fieldErrors['socialSecurity.date']).toBe('The date must not be before the business start date')
    expect((await written(t)).company).toBe(0)
  })

  it('refuses a set-up without its parts', async () => {
    h = await harness()
    const t = await h.user('empty@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', {})
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['company', 'pit', 'socialSecurity'])
  })

  it('reopened with the same company data, it adds the new settings and keeps the company record', async () => {
    h = await harness()
    const t = await h.user('again@example.com')
    expect((await call(h.app, t, 'POST', '/api/setup', setup)).statusCode).toBe(201)
    const again = await call(h.app, t, 'POST', '/api/setup', {
      ...setup,
      pit: [{ ...bodies.Pit, date: '2027-01-01' }],
    })
    expect(again.statusCode).toBe(201)
    expect(again.json().records.map((r: { dataType: string }) => r.dataType)).toEqual(['Vat', 'Pit', 'SocialSecurity'])
    expect((await written(t)).pit).toHaveLength(2)
  })
})
