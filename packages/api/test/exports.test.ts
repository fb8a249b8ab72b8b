/**
 * `GET /api/export/*`: the computed books, the summary and the tax book as CSV, RFC 4180 or the Polish Excel dialect —
 * the bytes of the `@finance/books` functions the CLI's exports print, checked here also by their content.
 */
import { loadBooks, summaryCsv, taxBookCsv, transactionsCsv, yearBook } from '@finance/books'
import { EXCEL_PL, RFC4180 } from '@finance/ledger-core/format'
import { describe, expect, it } from 'vitest'
import { type Harness, harness, seeded, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const get = (t: string, url: string) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t}` } })
/** The user id a session token names (its `sub`). */
const userId = async (t: string) => JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()).sub as string

describe('GET /api/export/transactions', () => {
  it('answers the month rows as CSV, and the Polish Excel dialect with a BOM, semicolons and decimal commas', async () => {
    h = await harness()
    const t = await seeded(h)
    const res = await get(t, '/api/export/transactions?from=2026-03&to=2026-03')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="transakcje-2026-03-2026-03.csv"')
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe(
      'user,month,id,date,eventType,name,net,vatPercent,vat,gross,isCompany,completed,notification,dueDate',
    )
    expect(lines.some((l) => l.includes(',Invoice 1/03,10000.00,23,2300.00,12300.00,true,'))).toBe(true)
    const excel = await get(t, '/api/export/transactions?from=2026-03&to=2026-03&dialect=excel')
    expect(excel.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(excel.body).toContain(';Invoice 1/03;10000,00;23;2300,00;12300,00;true;')
    const { state } = await loadBooks(h.store, await userId(t))
    const email = 'a@example.com'
    expect(excel.body).toBe(
      transactionsCsv([{ email, state }], { from: '2026-03', to: '2026-03' }, '2026-03-10', EXCEL_PL),
    )
    expect(res.body).toBe(
      transactionsCsv([{ email, state }], { from: '2026-03', to: '2026-03' }, '2026-03-10', RFC4180),
    )
  })

  it("answers one month (from = to, the dashboard's month export) with that month's rows only", async () => {
    h = await harness()
    const t = await seeded(h)
    const res = await get(t, '/api/export/transactions?from=2026-04&to=2026-04&dialect=excel')
    expect(res.statusCode).toBe(200)
    const rows = res.body
      .split('\r\n')
      .slice(1)
      .filter((l) => l !== '')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((l) => l.split(';')[1] === '2026-04')).toBe(true)
    const { state } = await loadBooks(h.store, await userId(t))
    const email = 'a@example.com'
    expect(res.body).toBe(
      transactionsCsv([{ email, state }], { from: '2026-04', to: '2026-04' }, '2026-03-10', EXCEL_PL),
    )
  })

  it('refuses a period of more than 12 months, a month not in yyyy-mm and another dialect, with the field', async () => {
    h = await harness()
    const t = await h.user('range@example.com')
    const long = await get(t, '/api/export/transactions?from=2025-01&to=2026-01')
    expect(long.statusCode).toBe(400)
    expect(long.json().fieldErrors).toEqual({
      to: 'The period must be at most 12 months, from the first month to the last',
    })
    const bad = await get(t, '/api/export/transactions?from=2026-13&to=2026-03&dialect=xls')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toMatchObject({
      from: 'Month must be in format yyyy-mm',
      dialect: 'Dialect must be csv or excel',
    })
  })
})

describe('GET /api/export/summary/:year and /api/export/books/:year', () => {
  it("answers the year's summary and the tax book as the shared functions write them", async () => {
    h = await harness()
    const t = await seeded(h)
    const id = await userId(t)
    const summary = await get(t, '/api/export/summary/2026?dialect=excel&cumulative=true')
    expect(summary.statusCode).toBe(200)
    const { state } = await loadBooks(h.store, id)
    expect(summary.body).toBe(summaryCsv(state, 2026, '2026-03-10', EXCEL_PL, true))
    expect(summary.body.split('\r\n')[0]).toBe(
      '\ufeffmonth;companyIncomeAmmount;companyVatAmmount;companyPitAmmount;companySocialSecurityAmmount;companyExpenseAmmount;companysNetIncome;privateIncomeAmmount;privateExpenseAmmount;privateIncome;summary',
    )
    const books = await get(t, '/api/export/books/2026')
    expect(books.statusCode).toBe(200)
    expect(books.headers['content-disposition']).toBe('attachment; filename="kpir-2026.csv"')
    const { book } = await yearBook(h.store, id, 2026, '2026-03-10')
    expect(books.body).toBe(taxBookCsv('pl', book, undefined, 'JPK_PKPIR'))
    expect(books.body.split('\r\n')[0]).toContain('1 Lp.,2 Data zdarzenia')
    const english = await get(t, '/api/export/books/2026?lang=en&month=3&dialect=excel')
    expect(english.body).toContain('1 No.;2 Date of event')
    expect(english.headers['content-disposition']).toBe('attachment; filename="kpir-2026-03.csv"')
  })

  it('refuses a year out of range and a month out of 1–12, with the field', async () => {
    h = await harness()
    const t = await h.user('years@example.com')
    expect((await get(t, '/api/export/summary/1800')).json().fieldErrors).toEqual({
      year: 'Year must be a whole number from 2000 to 2050',
    })
    expect((await get(t, '/api/export/books/2026?month=13')).json().fieldErrors).toEqual({
      month: 'Month must be a whole number from 1 to 12',
    })
  })
})
