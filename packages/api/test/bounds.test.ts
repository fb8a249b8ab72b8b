/**
 * Bounded input: far-future and year-1 dates, endless amounts and control characters are refused before anything is
 * appended, and books that an older version let such data into still answer every read (never a 500, never seconds
 * of CPU): the record is listed with its problems and counts in no figure.
 */
import { describe, expect, it } from 'vitest'
import { booksStream } from '@finance/books'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, seeded, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const WINDOW = 'Date must be between 2000-01-01 and 2099-12-31'

/** Appends events as an older version would have stored them, bypassing today's validation. */
async function storeAsOlderVersion(hh: Harness, email: string, events: { type: string; data: unknown }[]) {
  const user = (await hh.app.finance.accounts.findByEmail(email))!
  const metadata = { userId: user.id, correlationId: 'older-version', createdAt: '2025-01-01T00:00:00.000Z' }
  await hh.store.append(
    booksStream(user.id),
    events.map((e) => ({
      type: e.type,
      schemaVersion: e.type.startsWith('Item') ? 2 : 1,
      data: e.data as never,
      metadata,
    })),
    'any',
  )
}

/** CPU milliseconds of one request (the event loop is held for the request's synchronous work). */
async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage()
  await run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

const READS = [
  '/api/transaction/getCurrentMonth/2026-04-10',
  '/api/transaction/getSummary/2026-03-10',
  '/api/transaction/getSummaryList/2026-03-10/true',
  '/api/transaction/obligations/2026',
  '/api/fee/GetListByType/Vat',
  '/api/fee/GetListByType/Expense',
]

describe('dates', () => {
  it('a far-future or year-1 date in a setting, an item or an invoice date is a 400 and writes nothing', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const before = await h.store.headPosition()
    for (const date of ['9999-12-31', '0001-01-01', '2100-01-01', '1999-12-31']) {
      for (const [family, dataType, dataObject, field] of [
        ['fee', 'Vat', { ...bodies.Vat, date }, 'date'],
        ['fee', 'Pit', { ...bodies.Pit, date }, 'date'],
        ['fee', 'SocialSecurity', { ...bodies.SocialSecurity, date }, 'date'],
        ['fee', 'Expense', { ...bodies.Expense, invoiceDate: date }, 'invoiceDate'],
        ['revenue', 'Income', { ...bodies.Income, date }, 'date'],
        ['revenue', 'RecurringIncome', { ...bodies.RecurringIncome, date }, 'date'],
      ] as const) {
        const res = await call(h.app, t, 'POST', `/api/${family}`, { dataType, dataObject })
        expect(res.statusCode, `${dataType} ${date}`).toBe(400)
        expect(res.json().fieldErrors[field]).toBe(
          field === 'date' ? WINDOW : 'Invoice date must be between 2000-01-01 and 2099-12-31',
        )
      }
      const manual = await call(h.app, t, 'POST', '/api/transaction', { dataObject: { date, name: 'x', amount: '1' } })
      expect(manual.statusCode).toBe(400)
      for (const url of [
        `/api/transaction/getCurrentMonth/${date}`,
        `/api/transaction/getSummary/${date}`,
        `/api/transaction/getSummaryList/${date}/true`,
        `/api/fee/GetListByDates/${date}/2026-01-01`,
      ]) {
        const res = await call(h.app, t, 'GET', url)
        expect(res.statusCode, url).toBe(400)
        // A range's end is named as such (`From must be between …`).
        expect(Object.values(res.json().fieldErrors)).toContain(
          url.includes('GetListByDates') ? WINDOW.replace('Date', 'From') : WINDOW,
        )
      }
      for (const path of ['resetCurrentMonth', 'resetCurrentYear']) {
        const res = await call(h.app, t, 'POST', `/api/transaction/${path}`, { date })
        expect(res.statusCode, path).toBe(400)
      }
    }
    expect((await call(h.app, t, 'GET', '/api/transaction/obligations/9999')).statusCode).toBe(400)
    // A recurring item whose repetitions run past the window.
    const long = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'RecurringIncome',
      dataObject: { ...bodies.RecurringIncome, date: '2026-01-10', repetitions: 1200 },
    })
    expect(long.json().fieldErrors).toEqual({ repetitions: 'The last repetition must fall on or before 2099-12-31' })
    expect(await h.store.headPosition()).toBe(before)
  })

  it('books holding a year-9999 setting and invoice date from an older version answer every read, resets included', async () => {
    h = await harness()
    const t = await seeded(h)
    await storeAsOlderVersion(h, 'a@example.com', [
      {
        type: 'SettingAdded',
        data: { id: 900, kind: 'Vat', data: { date: '9999-12-31', percent: '8', paymentInterval: 1 } },
      },
      {
        type: 'ItemAdded',
        data: { id: 901, dataType: 'Expense', data: { ...bodies.Expense, name: 'Far', invoiceDate: '9999-12-31' } },
      },
    ])
    for (const url of READS) {
      const res = await call(h.app, t, 'GET', url)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
    // The poisoned records are listed with what is wrong with them, so the user can correct or delete them.
    const vat = (await call(h.app, t, 'GET', '/api/fee/GetById/900')).json()
    expect(vat.problems).toEqual([{ field: 'date', code: 'INVALID_DATE', message: WINDOW }])
    const far = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as {
      id: number
      problems?: unknown
    }[]
    expect(far.find((r) => r.id === 901)?.problems).toEqual([
      { field: 'invoiceDate', code: 'INVALID_DATE', message: 'Invoice date must be between 2000-01-01 and 2099-12-31' },
    ])
    // The reset appends and regenerates: answered, and the month is there.
    for (const path of ['resetCurrentMonth', 'resetCurrentYear']) {
      const res = await call(h.app, t, 'POST', `/api/transaction/${path}`, { date: '2026-03-10' })
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200)
      expect(res.json().length).toBeGreaterThan(0)
    }
    // The user fixes the record; it counts again.
    const fixed = await call(h.app, t, 'PUT', '/api/fee/900', {
      dataType: 'Vat',
      dataObject: { date: '2026-02-01', percent: '8', paymentInterval: 1 },
    })
    expect(fixed.statusCode).toBe(200)
    expect(fixed.json().problems).toBeUndefined()
  })
})

describe('year-1 dates and endless amounts', () => {
  it('a year-1 setting stored by an older version costs a summary read no more than clean books do', async () => {
    h = await harness()
    const t = await seeded(h, 'clean@example.com')
    const p = await seeded(h, 'poisoned@example.com')
    await storeAsOlderVersion(h, 'poisoned@example.com', [
      {
        type: 'SettingAdded',
        data: { id: 900, kind: 'Vat', data: { date: '0001-01-01', percent: '23', paymentInterval: 1 } },
      },
      {
        type: 'SettingAdded',
        data: { id: 901, kind: 'SocialSecurity', data: { date: '0001-01-01', amount: '1.00', percent: '9' } },
      },
    ])
    // Warm both (first fold, JIT), then compare fresh computations: a write makes each read compute again.
    const round = async (token: string, i: number) => {
      await call(h.app, token, 'POST', '/api/fee', {
        dataType: 'Expense',
        dataObject: { ...bodies.Expense, name: `e${i}` },
      })
      return cpuOf(() => call(h.app, token, 'GET', '/api/transaction/getSummaryList/2026-03-10/true'))
    }
    for (let i = 0; i < 3; i++) {
      await round(t, i)
      await round(p, i)
    }
    const clean: number[] = []
    const poisoned: number[] = []
    for (let i = 3; i < 9; i++) {
      clean.push(await round(t, i))
      poisoned.push(await round(p, i))
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
    // Before bounds, the year-1 setting made the engine run 24 000 months: seconds against milliseconds.
    expect(median(poisoned) / median(clean)).toBeLessThan(3)
  })

  it('a JSON number a double cannot hold as written is judged as written, never rounded and saved', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await h.store.headPosition()
    const post = (amount: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/revenue',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        payload: `{"dataType":"Income","dataObject":${JSON.stringify({ ...bodies.Income, amount: 0 }).replace(
          '"amount":0',
          `"amount":${amount}`,
        )}}`,
      })
    for (const [amount, message] of [
      ['1.1000000000000000000001', 'Amount must be a number with at most 2 decimals'],
      ['1.005', 'Amount must be a number with at most 2 decimals'],
      ['12345678901234567890', 'Amount must be at most 999999999999.99'],
      ['1e21', 'Amount must be at most 999999999999.99'],
      ['1e-7', 'Amount must be a number with at most 2 decimals'],
    ]) {
      const res = await post(amount!)
      expect([amount, res.statusCode, res.json().fieldErrors]).toEqual([amount, 400, { amount: message }])
    }
    expect(await h.store.headPosition()).toBe(before)
    // A number written exactly, with or without an exponent, still reads as money.
    for (const [amount, saved] of [
      ['1.10', '1.10'],
      ['123456789012.34', '123456789012.34'],
      ['1.5e2', '150.00'],
    ]) {
      const res = await post(amount!)
      expect([amount, res.statusCode, res.json().dataObject?.amount]).toEqual([amount, 201, saved])
    }
  })

  it('a 200 000-digit amount is a 400; one stored by an older version leaves the summary small', async () => {
    h = await harness()
    const t = await seeded(h)
    const huge = `${'9'.repeat(200_000)}.00`
    const before = await h.store.headPosition()
    for (const [family, dataType, dataObject] of [
      ['fee', 'Expense', { ...bodies.Expense, amount: huge }],
      ['revenue', 'Income', { ...bodies.Income, amount: huge }],
      ['fee', 'SocialSecurity', { ...bodies.SocialSecurity, amount: huge }],
      ['fee', 'Pit', { ...bodies.Pit, deductions: huge }],
    ] as const) {
      const res = await call(h.app, t, 'POST', `/api/${family}`, { dataType, dataObject })
      expect(res.statusCode, dataType).toBe(400)
      expect(JSON.stringify(res.json().fieldErrors)).toContain('must be at most 999999999999.99')
    }
    expect(await h.store.headPosition()).toBe(before)
    await storeAsOlderVersion(h, 'a@example.com', [
      { type: 'ItemAdded', data: { id: 900, dataType: 'Income', data: { ...bodies.Income, amount: huge } } },
    ])
    for (const url of READS) {
      const res = await call(h.app, t, 'GET', url)
      expect(res.statusCode, url).toBe(200)
      if (!url.includes('GetListByType')) expect(res.body.length, url).toBeLessThan(50_000)
    }
  })
})

describe('texts', () => {
  it('control characters and over-long texts are a 400 with the field', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const res = await call(h.app, t, 'POST', '/api/config', {
      dataType: 'Primary',
      dataObject: { ...bodies.Primary, companyName: 'Kowalski\u0000IT', ownerName: 'x'.repeat(501) },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({
      companyName: 'Company name must not contain control characters',
      ownerName: 'Owner name is too long (at most 500 characters)',
    })
  })
})
