/**
 * Lookup parameters that name nothing: an unknown transaction type and a date range that ends before it starts are
 * 400s naming the parameter, never an empty list that reads as "nothing there".
 */
import { describe, expect, it } from 'vitest'
import { call, type Harness, harness, closeHarnessAfterEach, seeded } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const REVERSED = 'The date range must not end before it starts'

describe('transaction lookups by type', () => {
  it('an unknown type is a 400 on type; known event and data types answer their rows', async () => {
    h = await harness()
    const t = await seeded(h)
    for (const url of ['/api/transaction/GetListByType/junk', '/api/transaction/GetByType/junk']) {
      const res = await call(h.app, t, 'GET', url)
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        { success: false, errors: ['Unknown data type'], fieldErrors: { type: 'Unknown data type' } },
      ])
    }
    for (const type of ['2_Fee', 'Expense', 'Vat', 'Manual', '7_CompanyRevenues']) {
      const res = await call(h.app, t, 'GET', `/api/transaction/GetListByType/${type}`)
      expect([type, res.statusCode]).toEqual([type, 200])
    }
    expect((await call(h.app, t, 'GET', '/api/transaction/GetListByType/Expense')).json().length).toBeGreaterThan(0)
  })
})

describe('date ranges', () => {
  it('a range whose end is before its start is a 400 on to, on every route that takes one', async () => {
    h = await harness()
    const t = await seeded(h)
    for (const url of [
      '/api/fee/GetListByDates/2026-03-31/2026-03-01',
      '/api/revenue/GetListByDates/2026-03-31/2026-03-01',
      '/api/config/GetListByDates/2026-03-31/2026-03-01',
      '/api/transaction/GetListByDates/2026-03-31/2026-03-01',
      '/api/rates?from=2026-03-31&to=2026-03-01',
      '/api/bank/lines?from=2026-03-31&to=2026-03-01',
    ]) {
      const res = await call(h.app, t, 'GET', url)
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        { success: false, errors: [REVERSED], fieldErrors: { to: REVERSED } },
      ])
    }
    // One day is a range; a range of a bad date still names the date.
    const day = await call(h.app, t, 'GET', '/api/fee/GetListByDates/2026-03-07/2026-03-07')
    expect([day.statusCode, day.json().length]).toEqual([200, 1])
    expect((await call(h.app, t, 'GET', '/api/fee/GetListByDates/2026-03-31/2026-02-30')).json().fieldErrors).toEqual({
      to: 'Date is not a real date',
    })
    expect((await call(h.app, t, 'GET', '/api/bank/lines?from=2026-03-31')).statusCode).toBe(200)
  })
})
