/**
 * Issuing FA(3) for an invoice document: many lines at several rates (FaWiersz rows, P_13_x / P_14_x per rate as the
 * core's `invoiceTotals` computes them) and a correction (KOR, with the rows before it and the corrected invoice's
 * data); golden files (`UPDATE_GOLDEN=1` rewrites them), each valid against the official FA(3) schema, and read back
 * by the importer into the same totals.
 */
import type { InvoiceDocumentData, InvoiceLine, Item } from '@finance/ledger-core'
import { invoiceLine } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { fa3Document, readFa3 } from '../src/fa3.ts'
import { type Fa3DocumentRequest, fa3DocumentProblems, fa3IssueDocument } from '../src/fa3Writer.ts'
import { contact, primary } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'
import { expectGolden } from './support.ts'

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => invoiceLine({ name: 'Programowanie', ...over })

const sale: InvoiceDocumentData = {
  kind: 'VAT',
  seriesId: null,
  counterpartyId: null,
  buyer: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' },
  issueDate: '2026-04-14',
  supplyDate: '2026-04-10',
  lines: [
    line({ quantity: '12.5', unitNet: '150.00', gtu: 'GTU_12' }),
    line({ name: 'Licencja & wsparcie <roczne>', quantity: '1', unit: 'szt.', unitNet: '1000.00', discount: '100.00' }),
    line({ name: 'Szkolenie', quantity: '2', unit: 'dzień', unitNet: '1200.00', vat: '8' }),
    line({ name: 'Książka', quantity: '3', unit: 'szt.', unitNet: '39.99', vat: '5' }),
    line({ name: 'Kurs e-learning', quantity: '1', unit: 'szt.', unitNet: '300.00', vat: 'zw' }),
  ],
  exemptionBasis: 'art. 43 ust. 1 pkt 29 lit. c ustawy o VAT',
  payment: { dueDate: '2026-04-28', method: 'transfer', bankAccount: 'PL61109010140000071219812874' },
  notes: 'Dziękujemy za współpracę.',
  correction: null,
}

const kor: InvoiceDocumentData = {
  ...sale,
  kind: 'KOR',
  issueDate: '2026-06-03',
  supplyDate: null,
  lines: [line({ quantity: '10', unitNet: '150.00', gtu: 'GTU_12' }), ...sale.lines.slice(1)],
  exemptionBasis: sale.exemptionBasis,
  payment: { dueDate: null, method: null, bankAccount: null },
  notes: '',
  correction: { invoiceId: 1, reason: 'Mniej godzin niż zafakturowano', reasonDate: null },
}

const request = (over: Partial<Fa3DocumentRequest>): Fa3DocumentRequest => ({
  document: sale,
  number: 'FV/2026/04/1',
  corrected: null,
  invoice: null,
  primary,
  permanentAddress: {
    country: 'PL',
    region: '',
    city: 'Warszawa',
    street: 'ul. Prosta',
    postCode: '00-001',
    building: '1/2',
  },
  contact,
  createdAt: '2026-04-14T09:30:00Z',
  ...over,
})

/** 1 000.00 EUR at 23 % and 200.00 EUR at 8 %, converted at 4.2345 (table 084/A/NBP/2026 of 30 April 2026). */
const eurSale: InvoiceDocumentData = {
  ...sale,
  currency: 'EUR',
  issueDate: '2026-05-04',
  supplyDate: null,
  lines: [
    line({ name: 'Consulting', quantity: '10', unitNet: '100.00' }),
    line({ name: 'Workshop', quantity: '1', unit: 'dzień', unitNet: '200.00', vat: '8' }),
  ],
  exemptionBasis: '',
  payment: { dueDate: '2026-05-18', method: 'transfer', bankAccount: null },
  notes: '',
}
const eurPln = {
  ok: true as const,
  code: 'EUR',
  rate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.234500' },
  // 4 234.50 zł × 23 % = 973.935 → 973.94; 846.90 zł × 8 % = 67.752 → 67.75.
  rates: [
    { vat: '23' as const, net: '4234.50', tax: '973.94' },
    { vat: '8' as const, net: '846.90', tax: '67.75' },
  ],
  net: '5081.40',
  tax: '1041.69',
  gross: '6123.09',
}

const cases = [
  { name: 'FA3_invoice_many_lines', req: request({}) },
  { name: 'FA3_invoice_EUR', req: request({ document: eurSale, number: 'FV/2026/05/1', pln: eurPln }) },
  {
    name: 'FA3_invoice_KOR',
    req: request({
      document: kor,
      number: 'KOR/2026/1',
      corrected: {
        number: 'FV/2026/04/1',
        issueDate: '2026-04-14',
        ksefNumber: '5260250274-20260414-0100003F5C8B-65',
        lines: sale.lines,
      },
    }),
  },
]

describe.each(cases)('$name', (c) => {
  const result = fa3IssueDocument(c.req)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))

  it('matches its golden file', () => {
    expectGolden(c.name, result.xml)
  })

  it('is valid against the official FA(3) schema', async () => {
    expect(await validateXml(result.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
  })
})

describe('an invoice in a foreign currency', () => {
  it('states its amounts in the currency, each rate’s VAT in złoty (P_14_xW) and the NBP rate on every row', () => {
    const r = fa3IssueDocument(cases[1]!.req)
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    for (const [tag, value] of [
      ['KodWaluty', 'EUR'],
      ['P_13_1', '1000.00'],
      ['P_14_1', '230.00'],
      ['P_14_1W', '973.94'],
      ['P_13_2', '200.00'],
      ['P_14_2', '16.00'],
      ['P_14_2W', '67.75'],
      ['P_15', '1446.00'],
    ])
      expect(r.xml).toContain(`<${tag}>${value}</${tag}>`)
    expect(r.xml.match(/<KursWaluty>4.2345<\/KursWaluty>/g)).toHaveLength(2)
  })

  it('is refused while the books lack the rate, naming the currency and the day', () => {
    const message = 'No NBP table A rate of EUR for 2026-04-30: import the NBP table for that day'
    expect(fa3DocumentProblems(request({ document: eurSale, pln: { ok: false, code: 'EUR', message } }))).toEqual([
      { field: 'currency', code: 'REQUIRED', message },
    ])
    // The threshold of split payment is compared in złoty: 6 123.09 zł with an Annex 15 line is not over 15 000 zł.
    const annex = { ...eurSale, lines: eurSale.lines.map((l) => ({ ...l, annex15: true })) }
    const r = fa3IssueDocument(request({ document: annex, pln: eurPln }))
    expect(r.ok && r.xml).toContain('<P_18A>2</P_18A>')
  })
})

describe('the split-payment mark (P_18A)', () => {
  const laptops = (unitNet: string, over: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData => ({
    ...sale,
    lines: [line({ name: 'Laptop', quantity: '10', unit: 'szt.', unitNet, annex15: true, gtu: 'GTU_06' })],
    exemptionBasis: '',
    ...over,
  })
  const p18a = (doc: InvoiceDocumentData) => {
    const r = fa3IssueDocument(request({ document: doc }))
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    return { xml: r.xml, mark: r.xml.match(/<P_18A>(\d)<\/P_18A>/)?.[1] }
  }

  it('is 1 for an Annex 15 line on an invoice over 15 000 zł gross, and the file is valid', async () => {
    // 10 × 1 220.00 = 12 200.00 net + 2 806.00 VAT = 15 006.00 gross: over the threshold of art. 108a ust. 1a.
    const over = p18a(laptops('1220.00'))
    expect(over.mark).toBe('1')
    expect(over.xml).toContain('<P_15>15006.00</P_15>')
    expect(await validateXml(over.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
  })

  it('is 2 at 15 000 zł or without an Annex 15 line; 1 when the seller marks it voluntarily', async () => {
    // 10 × 1 219.51 = 12 195.10 net + 2 804.87 VAT = 14 999.97 gross: not over.
    expect(p18a(laptops('1219.51')).mark).toBe('2')
    expect(p18a({ ...laptops('1220.00'), lines: [line({ quantity: '10', unitNet: '1220.00' })] }).mark).toBe('2')
    const voluntary = p18a(laptops('100.00', { splitPayment: true }))
    expect(voluntary.mark).toBe('1')
    expect(await validateXml(voluntary.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
  })

  it('is 2 on a sale to a consumer (BrakID): the duty is on supplies to a taxpayer (art. 106e ust. 1 pkt 18a)', async () => {
    const consumer = { name: 'Jan Nowak', taxId: '', country: 'PL', address: 'ul. Długa 1, 00-001 Warszawa' }
    const sold = p18a(laptops('1220.00', { buyer: consumer }))
    expect(sold.xml).toContain('<BrakID>1</BrakID>')
    expect(sold.mark).toBe('2')
    expect(p18a(laptops('1220.00', { buyer: consumer, splitPayment: true })).mark).toBe('1')
    expect(await validateXml(sold.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
  })
})

describe('procedure markers (JPK_V7)', () => {
  it('TP as the invoice’s own element and the first other marker as each line’s Procedura; the file is valid', async () => {
    const r = fa3IssueDocument(
      request({ document: { ...sale, lines: [line()], exemptionBasis: '', procedures: ['TP', 'WSTO_EE'] } }),
    )
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    expect(r.xml).toContain('<TP>1</TP>')
    expect(r.xml).toContain('<Procedura>WSTO_EE</Procedura>')
    expect(await validateXml(r.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
    // Read back as the import reads it: the sale's items carry both markers.
    const back = readFa3(r.xml)
    expect(back.relatedParties).toBe(true)
    expect(back.lines.map((l) => l.procedure)).toEqual(['WSTO_EE'])
  })
})

describe('the sums', () => {
  it('P_13_x / P_14_x per rate and P_15 as the core computes them; a row per line', () => {
    const r = fa3IssueDocument(request({}))
    if (!r.ok) throw new Error('not written')
    // 23 %: 12.5 × 150.00 + 1000.00 − 100.00 = 2775.00, VAT 638.25; 8 %: 2400.00, 192.00; 5 %: 119.97, 6.00; zw 300.00.
    for (const [tag, value] of [
      ['P_13_1', '2775.00'],
      ['P_14_1', '638.25'],
      ['P_13_2', '2400.00'],
      ['P_14_2', '192.00'],
      ['P_13_3', '119.97'],
      ['P_14_3', '6.00'],
      ['P_13_7', '300.00'],
      ['P_15', '6431.22'],
      ['P_10', '100.00'],
      ['FormaPlatnosci', '6'],
      ['NrRB', 'PL61109010140000071219812874'],
    ])
      expect(r.xml).toContain(`<${tag}>${value}</${tag}>`)
    expect(r.xml.match(/<FaWiersz>/g)).toHaveLength(5)
    expect(r.xml).toContain('<P_7>Licencja &amp; wsparcie &lt;roczne&gt;</P_7>')
    // The importer reads the file back into one income per rate with the same nets.
    const back = fa3Document(readFa3(r.xml), { ourNips: ['5260250274'], ksefNumber: null })
    if (!back.ok) throw new Error(JSON.stringify(back.problems))
    expect(back.document.items.map((i) => (i.data as Item).amount).sort()).toEqual(
      ['2775.00', '2400.00', '119.97', '300.00'].sort(),
    )
  })

  it('a correction holds the differences, the rows before (StanPrzed) and the corrected invoice', () => {
    const r = fa3IssueDocument(cases[2]!.req)
    if (!r.ok) throw new Error('not written')
    expect(r.xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>')
    expect(r.xml).toContain('<P_13_1>-375.00</P_13_1>')
    expect(r.xml).toContain('<P_14_1>-86.25</P_14_1>')
    expect(r.xml).toContain('<P_15>-461.25</P_15>')
    // Rates the correction does not change are left out.
    expect(r.xml).not.toContain('<P_13_2>')
    expect(r.xml).toContain('<TypKorekty>2</TypKorekty>')
    expect(r.xml).toContain('<NrKSeFFaKorygowanej>5260250274-20260414-0100003F5C8B-65</NrKSeFFaKorygowanej>')
    expect(r.xml.match(/<StanPrzed>1<\/StanPrzed>/g)).toHaveLength(5)
  })

  it('what the document lacks is said before anything is written', () => {
    const problems = fa3DocumentProblems(
      request({
        primary: null,
        permanentAddress: null,
        number: '',
        document: { ...sale, buyer: { ...sale.buyer, name: '' }, lines: [line({ vat: 'zw' })], exemptionBasis: '' },
      }),
    )
    expect(problems.map((p) => p.field)).toEqual([
      'companyName',
      'nip',
      'invoiceAddress',
      'number',
      'buyer.name',
      'exemptionBasis',
    ])
  })
})
