import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach, userWith } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

/** A Scale trader with 10 000 zł of sales in March 2026 and 5 000 zł a month from January (130 000 zł a year). */
const seeded = (hh: Harness) =>
  userWith(hh, [['Pit', { ...bodies.Pit, taxType: 'Scale', firstPercent: '12' }], 'Income', 'RecurringIncome'])

describe('transaction/annual/{year}/inputs', () => {
  it('stores the year’s common items and answers the return with them applied', async () => {
    h = await harness({ now: '2027-02-10T10:00:00.000Z' })
    const t = await seeded(h)
    const before = (await call(h.app, t, 'GET', '/api/transaction/annual/2026')).json()
    expect(before.inputs).toBeNull()
    expect(before.inputLimits).toEqual({
      ikze: '16956.00',
      lossOneOff: '5000000.00',
      childMonthly: ['92.67', '166.67', '225.00'],
    })
    const body = {
      losses: [{ year: 2025, amount: '20000', oneOff: true }],
      ikze: '5000',
      spouse: { jointFiling: true, income: '0', advances: '0' },
      children: [{ months: 12 }, { months: 12 }],
    }
    const res = await call(h.app, t, 'PUT', '/api/transaction/annual/2026/inputs', body)
    expect(res.statusCode).toBe(200)
    const r = res.json()
    expect(r.inputs).toMatchObject({ year: 2026, ikze: '5000.00', singleParent: false })
    const items = r.annualReturn.items
    expect(items).toMatchObject({
      lossDeducted: '20000.00',
      ikzeDeducted: '5000.00',
      joint: true,
      childRelief: '2224.08',
    })
    // The income less 20 000 of loss and 5 000 of IKZE; the tax is lower than without them.
    expect(Number(r.annualReturn.base)).toBe(Number(before.annualReturn.base) - 25_000)
    expect(Number(r.annualReturn.tax)).toBeLessThan(Number(before.annualReturn.tax))
    // Reading the year end again shows the same; saving the same again is not an error.
    expect((await call(h.app, t, 'GET', '/api/transaction/annual/2026')).json().annualReturn.items.lossDeducted).toBe(
      '20000.00',
    )
    expect((await call(h.app, t, 'PUT', '/api/transaction/annual/2026/inputs', body)).statusCode).toBe(200)
  })

  it('refuses bad inputs whole with 400 naming each field, and writes nothing', async () => {
    h = await harness({ now: '2027-02-10T10:00:00.000Z' })
    const t = await seeded(h)
    const bad = await call(h.app, t, 'PUT', '/api/transaction/annual/2026/inputs', {
      losses: [{ year: 2026, amount: 'abc' }],
      ikze: '99999',
      children: [{ months: 0 }],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      'losses.0.year': 'A loss can be deducted only in the five years after the year it was incurred',
      'losses.0.amount': 'Loss must be a positive number with at most 2 decimals',
      ikze: 'IKZE payments are over the year’s limit for a person running a business',
      'children.0.months': 'Months must be a whole number from 1 to 12',
    })
    expect((await call(h.app, t, 'GET', '/api/transaction/annual/2026')).json().inputs).toBeNull()
    expect((await call(h.app, t, 'PUT', '/api/transaction/annual/2026/inputs', [])).statusCode).toBe(400)
    expect((await call(h.app, t, 'PUT', '/api/transaction/annual/abc/inputs', {})).statusCode).toBe(400)
  })
})
