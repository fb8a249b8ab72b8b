/**
 * The invoice's PDF and HTML preview over HTTP, against the KSeF simulator: an income before sending (no code), the
 * same income after sending (the KSeF number and KOD I of the very file KSeF holds), a supplier's invoice fetched
 * from KSeF, English on request, and the refusals (a bad language, an expense with no file kept, an unknown id).
 * Then the sending of every waiting income in one batch session.
 */
import { createHash } from 'node:crypto'
import { type KsefSimulator, pdfText, startSimulator } from '@finance/ksef/testing'
import { buildInvoice } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { bodies, invoicedIncome } from './fixtures.ts'
import { call, type Harness, harness } from './helpers.ts'
import { closeAfterEach, ksefCompany } from './ksefCompany.ts'

const US = bodies.Primary.nip
const SUPPLIER = '7740001454'

let h: Harness
let sim: KsefSimulator
closeAfterEach(() => ({ h, sim }))

const hashOf = (xml: string) => createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url')
/** The issue date as KOD I writes it: DD-MM-RRRR. */
const qrDate = (iso: string) => iso.split('-').reverse().join('-')

describe('the invoice visualisation over HTTP', { timeout: 90_000 }, () => {
  it('draws an income before and after sending, and a supplier’s invoice fetched from KSeF', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t, post } = await ksefCompany(h)
    const { id } = await post(
      'revenue',
      'Income',
      invoicedIncome('Usługi programistyczne', 'Łódzka Spółka sp. z o.o.', SUPPLIER, 'Łódź'),
    )

    // Validation first.
    const badLang = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/pdf?lang=de`)
    expect(badLang.statusCode).toBe(400)
    expect(Object.keys(badLang.json().fieldErrors)).toEqual(['lang'])
    expect((await call(h.app, t, 'GET', '/api/ksef/invoices/999999/pdf')).statusCode).toBe(404)

    // Before sending: the invoice, without a code (no file of it is in KSeF yet).
    const preview = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/pdf`)
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('application/pdf')
    expect(preview.headers['content-disposition']).toBe('attachment; filename="FV_7_2026.pdf"')
    const before = await pdfText(preview.rawPayload)
    for (const s of [
      'Faktura VAT',
      'FV 7/2026',
      'Sprzedawca',
      'Nabywca',
      'Łódzka Spółka sp. z o.o.',
      'Usługi programistyczne',
    ])
      expect(before).toContain(s)
    expect(before).not.toContain('qr-test.ksef.mf.gov.pl')

    await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token, environment: 'TEST' })
    const sent = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/send`, {})
    expect(sent.statusCode).toBe(200)
    const { ksefNumber } = sent.json() as { ksefNumber: string }
    const held = sim.invoices.find((i) => i.ksefNumber === ksefNumber)!
    const after = await pdfText((await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/pdf`)).rawPayload)
    expect(after).toContain(ksefNumber)
    // KOD I of the very bytes KSeF holds, for the user's environment.
    expect(after).toContain(
      `https://qr-test.ksef.mf.gov.pl/invoice/${US}/${qrDate(held.issueDate)}/${hashOf(held.xml)}`,
    )
    const english = await pdfText((await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/pdf?lang=en`)).rawPayload)
    expect(english).toContain('VAT invoice')
    expect(english).toContain('KSeF number')
    const html = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/html`)
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.body).toContain(`<div class="label">${ksefNumber}</div>`)
    expect(html.body).toContain('<svg')

    // A supplier's invoice fetched from KSeF: drawn from the file KSeF gave.
    const xml = buildInvoice({
      sellerNip: SUPPLIER,
      sellerName: 'Dostawca Żółty sp. j.',
      buyerNip: US,
      number: 'ZAK 1/03',
      issueDate: '2026-03-05',
      amounts: [
        ['P_13_1', '1000.00'],
        ['P_14_1', '230.00'],
      ],
      total: '1230.00',
      lines: [{ description: 'Hosting serwerów', net: '1000.00', rate: '23' }],
    })
    const received = sim.receive(xml)
    expect((await call(h.app, t, 'POST', '/api/ksef/fetch')).json()).toMatchObject({ imported: 1 })
    const expenses = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json() as {
      id: number
      dataObject: { documentNumber: string; ksefNumber: string | null }
    }[]
    const expense = expenses.find((e) => e.dataObject.documentNumber === 'ZAK 1/03')!
    const supplier = await pdfText((await call(h.app, t, 'GET', `/api/ksef/invoices/${expense.id}/pdf`)).rawPayload)
    for (const s of ['Dostawca Żółty sp. j.', 'Hosting serwerów', received.ksefNumber, 'Do zapłaty: 1230,00 PLN'])
      expect(supplier).toContain(s)
    expect(supplier).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SUPPLIER}/05-03-2026/${hashOf(xml)}`)

    // An expense entered by hand has no file to draw: said so, nothing else.
    const { id: manual } = await post('fee', 'Expense', { ...bodies.Expense, documentNumber: 'R 1' })
    const none = await call(h.app, t, 'GET', `/api/ksef/invoices/${manual}/pdf`)
    expect(none.statusCode).toBe(404)
    expect(none.json().errors[0]).toBe(
      'No FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown',
    )
  })

  it('sends every company income without a KSeF number in one batch session, and says which were not sent', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t, post } = await ksefCompany(h)
    await call(h.app, t, 'PUT', '/api/ksef/connection', { token: sim.token, environment: 'TEST' })
    const buyer = { name: 'ACME sp. z o.o.', taxId: SUPPLIER, country: 'PL', address: 'Warszawa' }
    const ids: number[] = []
    for (const n of [1, 2, 3])
      ids.push(
        (await post('revenue', 'Income', { ...bodies.Income, documentNumber: `FV ${n}/2026`, counterparty: buyer })).id,
      )
    // Without a buyer the invoice cannot be issued: reported, the others still go.
    const { id: noBuyer } = await post('revenue', 'Income', { ...bodies.Income, documentNumber: 'FV 4/2026' })
    const res = await call(h.app, t, 'POST', '/api/ksef/invoices/send-all')
    expect(res.statusCode).toBe(200)
    const all = res.json() as {
      sent: number
      refused: number
      results: { itemId: number; status: string; ksefNumber: string | null }[]
    }
    expect(all.sent).toBe(3)
    expect(all.results.find((r) => r.itemId === noBuyer)?.status).toBe('invalid')
    expect(sim.invoices.map((i) => i.invoiceNumber).sort()).toEqual(['FV 1/2026', 'FV 2/2026', 'FV 3/2026'])
    // One batch session carried them; each income has its KSeF number.
    expect(sim.log.filter((l) => l.path === '/sessions/batch')).toHaveLength(1)
    const incomes = (await call(h.app, t, 'GET', '/api/revenue/GetListByType/Income')).json() as {
      id: number
      dataObject: { ksefNumber: string | null }
    }[]
    for (const id of ids)
      expect(incomes.find((i) => i.id === id)?.dataObject.ksefNumber).toBe(
        all.results.find((r) => r.itemId === id)?.ksefNumber,
      )
    // Nothing is sent twice: the next sending finds only the one that cannot be issued.
    const again = (await call(h.app, t, 'POST', '/api/ksef/invoices/send-all')).json() as {
      sent: number
      refused: number
    }
    expect(again).toMatchObject({ sent: 0, refused: 1 })
    expect(sim.invoices).toHaveLength(3)
  })
})
