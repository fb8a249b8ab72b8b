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
      to: 'To is not a real date',
    })
    expect((await call(h.app, t, 'GET', '/api/bank/lines?from=2026-03-31')).statusCode).toBe(200)
  })
})

describe('messages that name the field and the fault', () => {
  it('each refusal names its own field with the message of what is wrong there', async () => {
    h = await harness({ now: '2026-05-06T10:00:00.000Z' })
    const t = await seeded(h)
    const before = await h.store.headPosition()
    const fieldErrors = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await call(h.app, t, method, url, body)
      return [res.statusCode, res.json().fieldErrors]
    }
    // A month that is none is the month's format message on the field, not a reversed range.
    expect(await fieldErrors('GET', '/api/bank/open-items?from=2026-13')).toEqual([
      400,
      { from: 'Month must be in format yyyy-mm' },
    ])
    // A day of the ECB file that the calendar has not is the file's fault, named by its row.
    const csv = 'Date,USD,PLN,\n2026-02-30,1.0920,4.2390,\n2026-02-27,1.0900,4.2310,\n'
    expect(await fieldErrors('POST', '/api/rates/ecb/import', { fileName: 'eurofxref-hist.csv', csv })).toEqual([
      400,
      { file: 'Row 2: 2026-02-30 is not a real date' },
    ])
    // Annual inputs: another type than a list says what is expected; a list too long is too many.
    expect(await fieldErrors('PUT', '/api/transaction/annual/2026/inputs', { losses: 'x', children: 2 })).toEqual([
      400,
      {
        losses: 'Losses must be a list of objects with year, amount, deductedBefore and oneOff',
        children: 'Children must be a list of objects with months and disabled',
      },
    ])
    expect(
      await fieldErrors('PUT', '/api/transaction/annual/2026/inputs', { children: Array(21).fill({ months: 12 }) }),
    ).toEqual([400, { children: 'Too many entries' }])
    // If-Match and version that disagree say so.
    const fee = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()[0]
    const disagree = await h.app.inject({
      method: 'PUT',
      url: `/api/fee/${fee.id}`,
      headers: { authorization: `Bearer ${t}`, 'if-match': '"2"' },
      payload: { dataType: fee.dataType, dataObject: fee.dataObject, version: 1 },
    })
    expect([disagree.statusCode, disagree.json().fieldErrors]).toEqual([
      400,
      { version: 'Version and the If-Match header name different versions' },
    ])
    // A year far from today, as documented; one that is no number is not valid.
    expect(await fieldErrors('GET', '/api/transaction/annual/1800')).toEqual([
      400,
      { year: 'Year is too far from today' },
    ])
    expect(await fieldErrors('GET', '/api/transaction/annual/x')).toEqual([400, { year: 'Year is not valid' }])
    // A range's day that the calendar has not names its end; a missing one is required.
    expect(await fieldErrors('GET', '/api/fee/GetListByDates/2026-02-30/2026-03-01')).toEqual([
      400,
      { from: 'From is not a real date' },
    ])
    expect(await fieldErrors('POST', '/api/rates/fetch', {})).toEqual([
      400,
      { from: 'From is required', to: 'To is required' },
    ])
    expect(await fieldErrors('POST', '/api/rates/ecb/fetch', { from: '2026-01-01' })).toEqual([
      400,
      { to: 'To is required' },
    ])
    expect(await h.store.headPosition()).toBe(before)
  })
})
