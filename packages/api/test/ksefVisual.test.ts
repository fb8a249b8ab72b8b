/**
 * The invoice's PDF and HTML preview over HTTP, against the KSeF simulator: an income before sending (no code), the
 * same income after sending (the KSeF number and KOD I of the very file KSeF holds), a supplier's invoice fetched
 * from KSeF, English on request, and the refusals (a bad language, an expense with no file kept, an unknown id).
 */
import { createHash } from 'node:crypto'
import { type KsefSimulator, pdfText, startSimulator } from '@finance/ksef/testing'
import { buildInvoice } from '@finance/tax-files/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness } from './helpers.ts'

const US = bodies.Primary.nip
const SUPPLIER = '7740001454'

let h: Harness
let sim: KsefSimulator
afterEach(async () => {
  await h?.close()
  expect(sim.violations).toEqual([])
  await sim.close()
})

const hashOf = (xml: string) => createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url')
/** The issue date as KOD I writes it: DD-MM-RRRR. */
const qrDate = (iso: string) => iso.split('-').reverse().join('-')

describe('the invoice visualisation over HTTP', { timeout: 90_000 }, () => {
  it('draws an income before and after sending, and a supplier’s invoice fetched from KSeF', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-03-20T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const t = await h.user('a@example.com')
    const post = async (path: string, dataType: string, dataObject: unknown) => {
      const res = await call(h.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
      if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
      return res.json() as { id: number }
    }
    await post('config', 'Primary', { ...bodies.Primary, birthDate: '1985-04-02', taxOfficeCode: '1471' })
    await post('config', 'Contact', bodies.Contact)
    await post('config', 'Addresses', bodies.Addresses)
    await post('config', 'Invoice', bodies.Invoice)
    await post('fee', 'Vat', bodies.Vat)
    await post('fee', 'Pit', bodies.Pit)
    const { id } = await post('revenue', 'Income', {
      ...bodies.Income,
      documentNumber: 'FV 7/2026',
      description: 'Usługi programistyczne',
      counterparty: { name: 'Łódzka Spółka sp. z o.o.', taxId: SUPPLIER, country: 'PL', address: 'Łódź' },
    })

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
})
