import { validateXml } from '@finance/tax-files'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, PASSWORD, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const primary = { ...bodies.Primary, birthDate: '1985-04-02', taxOfficeCode: '1471' }

/** A Linear trader whose January is recorded on 10 January 2026. */
async function trader(hh: Harness, email = 'a@example.com') {
  hh.clock.now = new Date('2026-01-10T10:00:00.000Z')
  const t = await hh.user(email)
  const post = async (path: string, dataType: string, dataObject: unknown) => {
    const res = await call(hh.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
    if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
    return res.json() as { id: number }
  }
  await post('config', 'Primary', primary)
  await post('config', 'Contact', bodies.Contact)
  await post('fee', 'Pit', bodies.Pit)
  const invoice = await post('revenue', 'Income', {
    date: '2026-01-08',
    name: 'Invoice 1/2026',
    amount: '10000.00',
    isCompany: true,
    percent: '23',
    documentNumber: 'FV 1/2026',
    description: 'Programming',
    counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
  })
  await post('fee', 'Expense', {
    date: '2026-01-09',
    name: 'Goods',
    amount: '2500.00',
    isCompany: true,
    percent: '23',
    kpirColumn: 'goods',
  })
  await post('fee', 'Expense', {
    date: '2026-01-09',
    name: 'Gift',
    amount: '99.00',
    isCompany: true,
    percent: '23',
    kpirColumn: 'notCost',
  })
  await post('revenue', 'Income', {
    date: '2026-02-02',
    name: 'Invoice 2/2026',
    amount: '300.00',
    isCompany: true,
    percent: '23',
  })
  return { t, invoiceId: invoice.id }
}

/** The trader's books, the clock moved to `now` and the user logged in again then (sessions follow the app's clock). */
const traderLoggedInAt = async (now: string) => {
  h = await harness()
  await trader(h)
  h.clock.now = new Date(now)
  return h.login('a@example.com', PASSWORD)
}

type Row = { number: number; month: string; date: string; kind: string; sales: string | null; goods: string | null }

describe('books/{year}', () => {
  it('answers the year’s KPiR with month totals, running totals and what the JPK file still needs', async () => {
    const t = await traderLoggedInAt('2026-02-05T09:00:00.000Z')
    const res = await call(h.app, t, 'GET', '/api/books/2026')
    expect(res.statusCode).toBe(200)
    const book = res.json()
    expect(book.year).toBe(2026)
    expect(book.layout).toBe('2025')
    expect(book.month).toBeNull()
    expect(book.kpir.rows.map((r: Row) => [r.number, r.date, r.sales, r.goods])).toEqual([
      [1, '2026-01-08', '10000.00', null],
      [2, '2026-01-09', null, '2500.00'],
      [3, '2026-02-02', '300.00', null],
    ])
    expect(book.months[0]).toMatchObject({ month: '2026-01', kind: 'kpir', closes: '2026-02-20', closed: false })
    expect(book.months[0].kpir).toMatchObject({ revenue: '10000.00', costs: '2500.00', income: '7500.00' })
    expect(book.months[1].kpirYearToDate.revenue).toBe('10300.00')
    expect(book.files).toEqual([{ form: 'JPK_PKPIR', problems: [] }])
  })

  it('leaves out entries dated after today, in the book and in its JPK file (a book records what happened)', async () => {
    h = await harness()
    const { t } = await trader(h)
    // Opened on 10 January: the invoice of 2 February is still to come.
    const book = (await call(h.app, t, 'GET', '/api/books/2026')).json()
    expect(book.kpir.rows.map((r: Row) => r.date)).toEqual(['2026-01-08', '2026-01-09'])
    expect(book.kpir.totals.revenue).toBe('10000.00')
    expect(book.months[1].kpir.revenue).toBe('0.00')
    expect(book.planned).toEqual({ after: '2026-01-10', entries: 1 })
    const xml = (await call(h.app, t, 'GET', '/api/books/2026/jpk?form=JPK_PKPIR')).body
    expect(xml).toContain('<K_2>2026-01-08</K_2>')
    expect(xml).not.toContain('2026-02-02')
    expect(xml).not.toContain('300.00')
  })

  it('filters the rows to one month and keeps every month’s totals', async () => {
    const t = await traderLoggedInAt('2026-02-05T09:00:00.000Z')
    const book = (await call(h.app, t, 'GET', '/api/books/2026?month=02')).json()
    expect(book.month).toBe(2)
    expect(book.kpir.rows.map((r: Row) => r.number)).toEqual([3])
    expect(book.months).toHaveLength(12)
    expect(book.kpir.totals.revenue).toBe('10300.00')
  })

  it('enters a change recorded after the month closed as a correction in the month of the change', async () => {
    h = await harness()
    const { invoiceId } = await trader(h)
    h.clock.now = new Date('2026-03-02T09:00:00.000Z')
    // Sessions follow the app's clock: the user logs in again in March.
    const t = await h.login('a@example.com', PASSWORD)
    const get = await call(h.app, t, 'GET', `/api/revenue/GetById/${invoiceId}`)
    const res = await call(h.app, t, 'PUT', `/api/revenue/${invoiceId}`, {
      dataType: 'Income',
      dataObject: { ...get.json().dataObject, amount: '9000.00' },
    })
    expect(res.statusCode).toBe(200)
    const book = (await call(h.app, t, 'GET', '/api/books/2026')).json()
    const rows = book.kpir.rows.map((r: Row & { corrects: { number: number } | null }) => [
      r.number,
      r.month,
      r.date,
      r.kind,
      r.sales,
      r.corrects?.number ?? null,
    ])
    expect(rows).toEqual([
      [1, '2026-01', '2026-01-08', 'entry', '10000.00', null],
      [2, '2026-01', '2026-01-09', 'entry', null, null],
      [3, '2026-02', '2026-02-02', 'entry', '300.00', null],
      [4, '2026-03', '2026-03-02', 'correction', '-1000.00', 1],
    ])
    expect(book.months[0].closed).toBe(true)
  })

  it('validates the year and the month, and shows a user only their own book', async () => {
    h = await harness()
    const { t } = await trader(h)
    for (const [url, field, message] of [
      ['/api/books/26', 'year', 'Year must be a whole number from 2000 to 2050'],
      ['/api/books/1999', 'year', 'Year must be a whole number from 2000 to 2050'],
      ['/api/books/2051', 'year', 'Year must be a whole number from 2000 to 2050'],
      ['/api/books/2026?month=13', 'month', 'Month must be a whole number from 1 to 12'],
      ['/api/books/2026?month=x', 'month', 'Month must be a whole number from 1 to 12'],
    ] as const) {
      const res = await call(h.app, t, 'GET', url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ success: false, errors: [message], fieldErrors: { [field]: message } })
    }
    expect((await call(h.app, null, 'GET', '/api/books/2026')).statusCode).toBe(401)
    const other = await h.user('b@example.com')
    const book = (await call(h.app, other, 'GET', '/api/books/2026')).json()
    expect(book.kpir.rows).toEqual([])
    expect(book.files[0].problems.map((p: { field: string }) => p.field)).toEqual(['companyName', 'rows'])
  })
})

describe('books/{year}/jpk', () => {
  it('downloads a JPK_PKPIR(3) file that the official schema accepts', async () => {
    const t = await traderLoggedInAt('2027-01-25T10:00:00.000Z')
    const res = await call(h.app, t, 'GET', '/api/books/2026/jpk?inventoryStart=100&inventoryEnd=50.5')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="JPK_PKPIR_2026.xml"')
    expect(res.body).toContain('<DataWytworzeniaJPK>2027-01-25T10:00:00Z</DataWytworzeniaJPK>')
    expect(res.body).toContain('<P_1>100.00</P_1>')
    expect(res.body).toContain('<P_3>2549.50</P_3>')
    expect(res.body).toContain('<SumaPrzychodow>10300.00</SumaPrzychodow>')
    expect(await validateXml(res.body, 'JPK_PKPIR(3)')).toEqual({ valid: true, errors: [] })
  })

  it('names what the company data lacks, and refuses an empty period and bad parameters', async () => {
    h = await harness()
    const { t } = await trader(h)
    const primaryId = (await call(h.app, t, 'GET', '/api/config/GetByType/Primary')).json().id
    await call(h.app, t, 'PUT', `/api/config/${primaryId}`, {
      dataType: 'Primary',
      dataObject: { ...primary, birthDate: null, taxOfficeCode: '' },
    })
    const res = await call(h.app, t, 'GET', '/api/books/2026/jpk')
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({
      birthDate: 'Birth date is required for a JPK file',
      taxOfficeCode: 'Tax office is required for a JPK file',
    })
    const ewp = await call(h.app, t, 'GET', '/api/books/2026/jpk?form=JPK_EWP')
    expect(ewp.json().fieldErrors.rows).toBe(
      'The ewidencja przychodów has no entries in this period; a JPK file needs at least one',
    )
    for (const [query, field] of [
      ['form=JPK_V7', 'form'],
      ['purpose=3', 'purpose'],
      ['inventoryStart=-1', 'inventoryStart'],
      ['inventoryEnd=1.234', 'inventoryEnd'],
      ['month=0', 'month'],
    ] as const) {
      const bad = await call(h.app, t, 'GET', `/api/books/2026/jpk?${query}`)
      expect(bad.statusCode, query).toBe(400)
      expect(Object.keys(bad.json().fieldErrors), query).toEqual([field])
    }
  })
})
