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

  it('reopened with the same company data, it adds the new settings only and keeps the company record', async () => {
    h = await harness()
    const t = await h.user('again@example.com')
    expect((await call(h.app, t, 'POST', '/api/setup', setup)).statusCode).toBe(201)
    const again = await call(h.app, t, 'POST', '/api/setup', {
      ...setup,
      pit: [{ ...bodies.Pit, date: '2027-01-01' }],
    })
    expect(again.statusCode).toBe(201)
    // The VAT and ZUS settings sent again equal the saved ones: not saved a second time.
    expect(again.json().records.map((r: { dataType: string }) => r.dataType)).toEqual(['Pit'])
    const books = await written(t)
    expect([books.company, books.vat.length, books.pit.length, books.zus.length]).toEqual([1, 1, 2, 1])
    // The same set-up a third time writes nothing at all.
    const third = await call(h.app, t, 'POST', '/api/setup', { ...setup, pit: [{ ...bodies.Pit, date: '2027-01-01' }] })
    expect([third.statusCode, third.json().records]).toEqual([201, []])
  })
})

/**
 * The set-up of a business started on 14 May 2025 on preferential ZUS, Scale in 2025 and Linear in 2026, as the web's
 * set-up sends it: a ZUS setting from the start day and one from 1 January 2026 with that year's amount and the
 * Linear 4.9 % (uŚOZ art. 79 ust. 1).
 */
const preferential2025 = {
  company: { ...company, businessStartDate: '2025-05-14', vatRegistrationDate: null },
  vat: null,
  pit: [
    { ...bodies.Pit, date: '2025-05-14', taxType: 'Scale', firstPercent: '12', secondPercent: '32' },
    { ...bodies.Pit, date: '2026-01-01', taxType: 'Linear', firstPercent: '19', secondPercent: null },
  ],
  socialSecurity: [
    { date: '2025-05-14', amount: '442.90', percent: '9' },
    { date: '2026-01-01', amount: '456.18', percent: '4.9' },
  ],
}

describe('POST /api/setup with a ZUS setting per year', () => {
  it('writes every ZUS setting, and 2026 pays its own amount and the Linear health percent', async () => {
    h = await harness({ now: '2026-11-27T10:00:00.000Z' })
    const t = await h.user('years@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', preferential2025)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().records.map((r: { dataType: string }) => r.dataType)).toEqual([
      'Primary',
      'Pit',
      'Pit',
      'SocialSecurity',
      'SocialSecurity',
    ])
    const zus = (await written(t)).zus.map((r: { dataObject: Record<string, unknown> }) => r.dataObject)
    expect(zus.map((z: Record<string, unknown>) => [z.date, z.amount, z.percent]).sort()).toEqual([
      ['2025-05-14', '442.90', '9'],
      ['2026-01-01', '456.18', '4.9'],
    ])
    // December's income 15 257.96 − the year's social contributions 3 357.46 = 11 900.50 is January's health base;
    // January's 7 900.46 − 456.18 = 7 444.28 is February's, whose 4.9 % is under the minimum.
    const item = { isCompany: true, percent: '0', invoiceDate: null, name: 'Client' }
    for (const [date, amount] of [
      ['2025-12-10', '15257.96'],
      ['2026-01-10', '7900.46'],
    ]) {
      const r = await call(h.app, t, 'POST', '/api/revenue', {
        dataType: 'Income',
        dataObject: { ...item, date, amount },
      })
      expect(r.statusCode, r.body).toBe(201)
    }
    type Row = { id: string; dataObject: { breakdown: Record<string, string> } }
    const zusOf = async (month: string, dueMonth: string) =>
      ((await call(h.app, t, 'GET', `/api/transaction/getCurrentMonth/${dueMonth}-01`)).json() as Row[]).find(
        (r) => r.id === `zus-${month}`,
      )?.dataObject.breakdown
    // January: 456.18 + 4.9 % × 11 900.50 = 583.12 (one setting would have charged 442.90 + 9 % = 1 513.95).
    expect(await zusOf('2026-01', '2026-02')).toMatchObject({
      social: '456.18',
      healthBase: '11900.50',
      health: '583.12',
      total: '1039.30',
    })
    // February: 456.18 + the 2026 minimum 432.54 (not 1 114.08).
    expect(await zusOf('2026-02', '2026-03')).toMatchObject({
      social: '456.18',
      health: '432.54',
      healthMinimumApplied: 'true',
      total: '888.72',
    })
  })

  it('checks every ZUS setting of the list first, names it by its place, and writes nothing', async () => {
    h = await harness({ now: '2026-11-27T10:00:00.000Z' })
    const t = await h.user('years-bad@example.com')
    const res = await call(h.app, t, 'POST', '/api/setup', {
      ...preferential2025,
      socialSecurity: [
        { date: '2025-05-01', amount: '442.90', percent: '9' },
        { date: '2026-01-01', amount: '456,1x', percent: '4.9' },
      ],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({
      'socialSecurity.0.date': 'The date must not be before the business start date',
      'socialSecurity.1.amount': 'Amount must be a number with at most 2 decimals',
    })
    const after = await written(t)
    expect([after.company, after.pit.length, after.zus.length]).toEqual([0, 0, 0])
    const empty = await call(h.app, t, 'POST', '/api/setup', { ...preferential2025, socialSecurity: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().fieldErrors).toEqual({ socialSecurity: 'The social security setting is required' })
  })
})
