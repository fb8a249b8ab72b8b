/**
 * KSeF and JPK_V7 over HTTP: FA(3) files imported (every official sample, built invoices, duplicates, a bad file, a
 * batch, a correction), the FA(3) of an income and its KSeF number, and the JPK_V7 file whose declaration is the
 * VAT card's.
 */
import { validateXml } from '@finance/tax-files'
import { buildInvoice23, sample, sampleFiles } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { bodies, invoicedIncome } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'
import { ksefCompany } from './ksefCompany.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const US = '5260250274'
const OTHER = '7740001454'
const KSEF = `${OTHER}-20260305-0100001AF629-4B`

const company = ksefCompany

const purchase = (number: string, net = '1000.00', vat = '230.00') =>
  buildInvoice23({ sellerNip: OTHER, buyerNip: US, number, net, vat, description: 'Hosting' })

type Result = { fileName: string; status: string; kind: string | null; problems: { code: string }[]; items: unknown[] }

const importFiles = (t: string, files: unknown[]) => call(h.app, t, 'POST', '/api/ksef/import', { files })

describe('POST /api/ksef/import', () => {
  it('imports every official sample, as a sale when we are Podmiot1 and as a purchase when we are Podmiot2', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t } = await company(h)
    const names = sampleFiles()
    const asSeller = names.map((f, i) => ({
      fileName: f,
      xml: sample(f, {
        nip: US,
        subject2nip: OTHER,
        selfInvoicingNip: OTHER,
        invoiceNumber: `S/${i}`,
        invoicingDate: '2026-03-10',
      }),
    }))
    const asBuyer = names
      .filter((f) => f.startsWith('ksef-client-java'))
      .map((f, i) => ({
        fileName: f,
        xml: sample(f, {
          nip: OTHER,
          subject2nip: US,
          selfInvoicingNip: US,
          invoiceNumber: `B/${i}`,
          invoicingDate: '2026-03-10',
        }),
      }))
    const res = await importFiles(t, [...asSeller, ...asBuyer])
    expect(res.statusCode).toBe(200)
    const report = res.json() as { results: Result[]; imported: number; refused: number }
    // The pdf-generator sample names its own parties (neither is us): reported, not imported.
    const statuses = report.results.map((r) => [r.fileName, r.status, r.kind])
    // The plain template's buyer is fixed (3861610227): as its buyer we are neither party either.
    expect(statuses).toEqual([
      ...names.map((f) => (f.startsWith('ksef-client-java') ? [f, 'imported', 'income'] : [f, 'refused', null])),
      ...names
        .filter((f) => f.startsWith('ksef-client-java'))
        .map((f) => (f.endsWith('template_v3.xml') ? [f, 'refused', null] : [f, 'imported', 'expense'])),
    ])
    expect(report.imported).toBe(5)
    expect(report.results.find((r) => r.status === 'refused')!.problems.map((p) => p.code)).toEqual(['NOT_OURS'])
    expect(report.results.filter((r) => r.status === 'imported').every((r) => r.items.length > 0)).toBe(true)
    const incomes = (await call(h.app, t, 'GET', '/api/revenue/GetListByType/Income')).json() as {
      dataObject: { ksefNumber: string | null; isCompany: boolean; documentNumber: string }
    }[]
    expect(incomes.length).toBeGreaterThanOrEqual(3)
    expect(incomes.every((i) => i.dataObject.isCompany)).toBe(true)

    // The pdf-generator sample is a purchase of the company it names as the buyer.
    const buyer = await h.user('buyer@example.com')
    await call(h.app, buyer, 'POST', '/api/config', {
      dataType: 'Primary',
      dataObject: { ...bodies.Primary, nip: '6808208874' },
    })
    const pdf = names.find((f) => f.startsWith('ksef-pdf'))!
    const own = await importFiles(buyer, [
      {
        fileName: pdf,
        xml: sample(pdf, { nip: '', subject2nip: '', selfInvoicingNip: '', invoiceNumber: '', invoicingDate: '' }),
      },
    ])
    expect((own.json() as { results: Result[] }).results[0]).toMatchObject({ status: 'imported', kind: 'expense' })
  })

  it('refuses a duplicate (same KSeF number, or same seller and number), and a bad file writes nothing', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t } = await company(h)
    const first = await importFiles(t, [{ fileName: `${KSEF}.xml`, xml: purchase('FV 1/03') }])
    expect((first.json() as { results: Result[] }).results[0]).toMatchObject({ status: 'imported', kind: 'expense' })
    const expenses = async () =>
      ((await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as unknown[]).length
    expect(await expenses()).toBe(1)

    const again = await importFiles(t, [
      // The same file again (same KSeF number).
      { fileName: `${KSEF}.xml`, xml: purchase('FV 1/03') },
      // The same seller and number without a KSeF number.
      { fileName: 'copy.xml', xml: purchase('fv 1/03') },
      // Not an invoice at all, and a broken one.
      { fileName: 'notes.xml', xml: '<notes>hello</notes>' },
      { fileName: 'broken.xml', xml: purchase('FV 2/03').replace('<P_15>', '<P_99>') },
      { fileName: 'latin2.xml', base64: Buffer.from([0x3c, 0xb1, 0xe6, 0x3e]).toString('base64') },
      // A good one in the same batch is imported.
      { fileName: 'good.xml', xml: purchase('FV 3/03', '100.00', '23.00') },
    ])
    expect(again.statusCode).toBe(200)
    const report = again.json() as { results: Result[]; imported: number; refused: number }
    expect(report.results.map((r) => [r.fileName, r.status])).toEqual([
      [`${KSEF}.xml`, 'duplicate'],
      ['copy.xml', 'duplicate'],
      ['notes.xml', 'refused'],
      ['broken.xml', 'refused'],
      ['latin2.xml', 'refused'],
      ['good.xml', 'imported'],
    ])
    expect(report.results[2]!.problems[0]!.code).toBe('SCHEMA')
    expect(report.results[4]!.problems[0]!.code).toBe('NOT_UTF8')
    expect([report.imported, report.refused]).toEqual([1, 5])
    expect(await expenses()).toBe(2)
  })

  it('applies a correction (KOR) as an adjustment of the invoice it corrects', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t } = await company(h)
    await importFiles(t, [{ fileName: `${KSEF}.xml`, xml: purchase('FV 1/03') }])
    const kor = buildInvoice23({
      sellerNip: OTHER,
      buyerNip: US,
      number: 'KOR 1/03',
      issueDate: '2026-03-12',
      correction: { type: '2', of: { number: 'FV 1/03', issueDate: '2026-03-05', ksefNumber: KSEF } },
      net: '-200.00',
      vat: '-46.00',
      description: 'Hosting: rebate',
    })
    const res = await importFiles(t, [{ fileName: 'kor.xml', xml: kor }])
    const result = (res.json() as { results: (Result & { warnings: { code: string }[] })[] }).results[0]!
    expect(result).toMatchObject({ status: 'imported', kind: 'expense' })
    expect(result.warnings.map((w) => w.code)).not.toContain('CORRECTED_NOT_FOUND')
    const expenses = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as {
      dataObject: { amount: string; corrects: unknown }
    }[]
    expect(expenses.map((e) => e.dataObject.amount).sort()).toEqual(['-200.00', '1000.00'])
    // The month's input VAT is the invoice's less the correction's.
    const jpk = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(jpk.statusCode).toBe(200)
    expect(jpk.body).toMatch(/<P_42>800<\/P_42>/)
    expect(jpk.body).toMatch(/<P_43>184<\/P_43>/)
  })

  it('a purchase received in KSeF in the month after its date: its VAT deducted then, the cost on its date', async () => {
    h = await harness({ now: '2026-12-10T10:00:00.000Z' })
    const { t } = await company(h)
    // Dated 30 October, its KSeF number assigned on 2 November (uVAT art. 106na ust. 3, art. 86 ust. 10b pkt 1).
    const number = '5260001246-20261102-A1B2C3-D4E5F6-9E'
    const xml = buildInvoice23({
      sellerNip: '5260001246',
      buyerNip: US,
      number: 'FZ 30/10/2026',
      issueDate: '2026-10-30',
      net: '1000.00',
      vat: '230.00',
    })
    const res = await importFiles(t, [{ fileName: `${number}.xml`, xml }])
    const result = (res.json() as { results: (Result & { warnings: { code: string; message: string }[] })[] })
      .results[0]!
    expect(result).toMatchObject({ status: 'imported', kind: 'expense' })
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: 'RECEIVED_LATER',
        message:
          "Received in KSeF on 2026-11-02, in a later month than its date: its VAT is deducted no earlier than in that month; the cost keeps the invoice's date",
      }),
    ])
    const field = (body: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1] ?? null
    const october = await call(h.app, t, 'GET', '/api/jpk/v7/2026-10')
    expect(october.statusCode).toBe(200)
    expect([field(october.body, 'K_43'), field(october.body, 'P_43')]).toEqual([null, null])
    const november = await call(h.app, t, 'GET', '/api/jpk/v7/2026-11')
    expect(november.statusCode).toBe(200)
    expect(
      ['DowodZakupu', 'DataZakupu', 'DataWplywu', 'K_42', 'K_43', 'P_42', 'P_43'].map((f) => field(november.body, f)),
    ).toEqual(['FZ 30/10/2026', '2026-10-30', '2026-11-02', '1000.00', '230.00', '1000', '230'])
    // The cost is October's in the tax book.
    const book = (await call(h.app, t, 'GET', '/api/books/2026')).json() as {
      kpir: { rows: { month: string; date: string; documentNumber: string }[] }
    }
    expect(book.kpir.rows.map((r) => [r.month, r.date, r.documentNumber])).toEqual([
      ['2026-10', '2026-10-30', 'FZ 30/10/2026'],
    ])
  })

  it('answers 400 for a request that is not a batch of files, and 401 without a session', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t } = await company(h)
    expect((await importFiles(t, [])).statusCode).toBe(400)
    const both = await importFiles(t, [{ fileName: 'a.xml', xml: '<a/>', base64: 'PGEvPg==' }])
    expect(both.statusCode).toBe(400)
    expect(Object.keys(both.json().fieldErrors)).toEqual(['files.0'])
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/ksef/import', payload: { files: [] } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('keeps each user’s invoices to that user', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const a = await company(h, 'a@example.com')
    const b = await company(h, 'b@example.com')
    await importFiles(a.t, [{ fileName: `${KSEF}.xml`, xml: purchase('FV 1/03') }])
    // The same file is no duplicate in another user's books.
    const res = await importFiles(b.t, [{ fileName: `${KSEF}.xml`, xml: purchase('FV 1/03') }])
    expect((res.json() as { results: Result[] }).results[0]!.status).toBe('imported')
  })
})

describe('GET /api/ksef/invoices/:id/fa3 and PUT …/ksef-number', () => {
  it('writes the FA(3) of a one-time income, valid against the official schema, and records its KSeF number', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t, post } = await company(h)
    const { id } = await post('revenue', 'Income', invoicedIncome('Programming', 'ACME sp. z o.o.', OTHER, 'Warszawa'))
    const res = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/fa3`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/xml/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.xml"/)
    expect((await validateXml(res.body, 'FA(3)')).valid).toBe(true)
    expect(res.body).toContain('<P_2>FV 7/2026</P_2>')
    expect(res.body).toContain(`<NIP>${OTHER}</NIP>`)
    expect(res.body).toContain('<P_13_1>10000.00</P_13_1>')
    expect(res.body).toContain('<P_14_1>2300.00</P_14_1>')

    const bad = await call(h.app, t, 'PUT', `/api/ksef/invoices/${id}/ksef-number`, { ksefNumber: 'nope' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['ksefNumber'])
    // The right shape, the check digits wrong: refused, nothing written.
    const wrongDigits = await call(h.app, t, 'PUT', `/api/ksef/invoices/${id}/ksef-number`, {
      ksefNumber: `${US}-20260306-0100001AF629-AF`,
    })
    expect(wrongDigits.statusCode).toBe(400)
    expect(wrongDigits.json().fieldErrors).toEqual({ ksefNumber: 'KSeF number is not valid' })
    const number = `${US}-20260306-0100001AF629-23`
    const put = await call(h.app, t, 'PUT', `/api/ksef/invoices/${id}/ksef-number`, {
      ksefNumber: number.toLowerCase(),
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().dataObject.ksefNumber).toBe(number)

    expect((await call(h.app, t, 'GET', '/api/ksef/invoices/99999/fa3')).statusCode).toBe(404)
    const other = await company(h, 'b@example.com')
    expect((await call(h.app, other.t, 'GET', `/api/ksef/invoices/${id}/fa3`)).statusCode).toBe(404)
  })
})

describe('GET /api/jpk/v7/:period', () => {
  it('writes the month’s JPK_V7M whose declaration is the VAT card’s', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t, post } = await company(h)
    await post('revenue', 'Income', {
      ...bodies.Income,
      documentNumber: 'FV 7/2026',
      counterparty: { name: 'ACME', taxId: OTHER, country: 'PL', address: 'Warszawa' },
      ksefMarker: 'OFF',
    })
    await importFiles(t, [{ fileName: `${KSEF}.xml`, xml: purchase('FV 1/03', '4000.00', '920.00') }])
    const res = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/JPK_V7M/)
    expect(res.headers['x-finance-schema']).toMatch(/JPK_V7M\(3\)/)
    const month = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-04-25')).json() as {
      dataType: string
      dataObject: { breakdown?: Record<string, string> }
    }[]
    const vat = month.find((r) => r.dataType === 'Vat')!.dataObject.breakdown!
    expect(vat.P_51).toBe('1380.00')
    const field = (name: string) => new RegExp(`<${name}>(-?\\d+)</${name}>`).exec(res.body)?.[1]
    expect(`${field('P_51')}.00`).toBe(vat.P_51)
    expect(`${field('P_19')}.00`).toBe(vat.P_19)
    expect(`${field('P_20')}.00`).toBe(vat.P_20)
    expect(res.body).toContain(`<NrKSeF>${KSEF}</NrKSeF>`)
    expect(res.body).toContain('<OFF>1</OFF>')
  })

  it('answers 400 for a bad period or one the books have no VAT for, and for a quarter of a monthly payer', async () => {
    h = await harness({ now: '2026-03-20T10:00:00.000Z' })
    const { t } = await company(h)
    const bad = await call(h.app, t, 'GET', '/api/jpk/v7/2026-13')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['period'])
    expect((await call(h.app, t, 'GET', '/api/jpk/v7/2026-Q1')).statusCode).toBe(400)
  })
})
