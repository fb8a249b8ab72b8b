/**
 * Issuing FA(3) for an income: golden files (`UPDATE_GOLDEN=1` rewrites them), each valid against the official
 * FA(3) schema (libxml2 in-process and Debian xmllint), and read back by the importer into the same item; what the
 * schema requires and the data lacks is reported instead of a file.
 */
import { type Invoice, type Item, validateRecord } from '@finance/ledger-core'
import { income } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { fa3Document, readFa3 } from '../src/fa3.ts'
import { fa3Issue, fa3IssueProblems } from '../src/fa3Writer.ts'
import { SCHEMAS } from '../src/schemas.ts'
import { contact, invoiceData, primary } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'
import { expectGolden, xmllint } from './support.ts'

const invoice: Invoice = invoiceData
const acme = { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' }
const berlin = { name: 'Cloud GmbH', taxId: 'DE123456789', country: 'DE', address: 'Friedrichstraße 1, 10117 Berlin' }

const item = (over: Record<string, unknown>): Item => {
  const v = validateRecord(
    'Income',
    income({
      date: '2026-04-14',
      invoiceDate: '2026-04-14',
      name: 'Audit',
      amount: '12000.00',
      description: 'Audyt bezpieczeństwa',
      counterparty: acme,
      ...over,
    }),
  )
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return v.value
}

const oslo = { name: 'Nordic AS', taxId: '912345678', country: 'NO', address: 'Oslo' }
/** Sales across borders (tax/crossBorder.ts): WDT, export, services of art. 100 ust. 1 pkt 4. */
const crossBorderCases: { name: string; item: Item; exemptionBasis?: string }[] = [
  { name: 'FA3_income_WDT', item: item({ documentNumber: 'FV 11/04/2026', crossBorder: 'wdt', counterparty: berlin }) },
  {
    name: 'FA3_income_export',
    item: item({ documentNumber: 'FV 12/04/2026', crossBorder: 'export', counterparty: oslo }),
  },
  {
    name: 'FA3_income_euServices',
    item: item({ documentNumber: 'FV 13/04/2026', crossBorder: 'euServices', counterparty: berlin }),
  },
]

const cases = [
  { name: 'FA3_income_23_PL', item: item({ documentNumber: 'FV 7/04/2026', gtu: ['GTU_12'] }) },
  {
    name: 'FA3_income_8_supply_and_term',
    item: item({
      documentNumber: 'FV 8/04/2026',
      percent: '8',
      supplyDate: '2026-03-31',
      date: '2026-04-28',
      procedures: ['TP'],
    }),
  },
  {
    name: 'FA3_income_np_EU',
    item: item({ documentNumber: 'FV 9/04/2026', vatTreatment: 'np', counterparty: berlin }),
  },
  {
    name: 'FA3_income_zw',
    item: item({ documentNumber: 'FV 10/04/2026', vatTreatment: 'zw', counterparty: { ...acme, taxId: '' } }),
    exemptionBasis: 'art. 43 ust. 1 pkt 29 lit. c ustawy o VAT',
  },
  ...crossBorderCases,
]

/** An EUR invoice to a Polish company, as the books save it: converted at table 084/A/NBP/2026 of 30 April. */
const eurItem: Item = {
  ...item({ documentNumber: 'FV 11/05/2026', date: '2026-05-04', invoiceDate: '2026-05-04', amount: '4234.50' }),
  currency: {
    code: 'EUR',
    amount: '1000.00',
    paidOn: null,
    vatRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
    pitRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
    pitAmount: '4234.50',
    paidRate: null,
    paidAmount: null,
  },
}
cases.push({ name: 'FA3_income_23_EUR', item: eurItem })

describe.each(cases)('$name', (c) => {
  const result = fa3Issue({
    item: c.item,
    percent: c.item.percent ?? '23',
    invoice,
    primary: null,
    permanentAddress: null,
    contact,
    exemptionBasis: c.exemptionBasis,
    createdAt: '2026-04-14T09:30:00Z',
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))

  it('matches its golden file', () => {
    expectGolden(c.name, result.xml)
  })

  it('is valid against the official FA(3) schema (libxml2 in-process and Debian xmllint)', async () => {
    expect(await validateXml(result.xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
    const run = xmllint(SCHEMAS['FA(3)'].file, { 'f.xml': result.xml })
    expect(run.stderr).toContain('validates')
  })

  it('reads back into the same item', () => {
    const back = fa3Document(readFa3(result.xml), { ourNips: ['5260250274'], ksefNumber: null })
    if (!back.ok) throw new Error(JSON.stringify(back.problems))
    const data = back.document.items[0]!.data as Item
    expect(back.kind).toBe('income')
    expect([
      data.amount,
      data.percent,
      data.vatTreatment,
      data.documentNumber,
      data.invoiceDate,
      data.supplyDate,
    ]).toEqual([
      c.item.amount,
      c.item.percent,
      c.item.vatTreatment,
      c.item.documentNumber,
      c.item.invoiceDate,
      c.item.supplyDate,
    ])
    expect(data.date).toBe(c.item.date)
    expect(data.currency ? { code: data.currency.code, amount: data.currency.amount } : null).toEqual(
      c.item.currency ? { code: c.item.currency.code, amount: c.item.currency.amount } : null,
    )
    expect(data.counterparty?.taxId).toBe(c.item.counterparty?.taxId)
  })
})

/** The FA(3) of an income at 23 % issued on 4 May 2026, or the test fails with what it lacks. */
const issueAt4May = (item: Item) => {
  const r = fa3Issue({
    item,
    percent: '23',
    invoice,
    primary: null,
    permanentAddress: null,
    contact,
    createdAt: '2026-05-04T09:30:00Z',
  })
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r
}

describe('an invoice in a foreign currency (KodWaluty, KursWaluty, P_14_xW)', () => {
  it('states the amounts in the currency, the VAT also in złoty and the NBP rate of the VAT base', () => {
    const r = issueAt4May(eurItem)
    // 1000.00 EUR net, 230.00 EUR VAT; in złoty 4234.50 × 23 % = 973.935 → 973.94.
    for (const field of [
      '<KodWaluty>EUR</KodWaluty>',
      '<P_13_1>1000.00</P_13_1>',
      '<P_14_1>230.00</P_14_1>',
      '<P_14_1W>973.94</P_14_1W>',
      '<P_15>1230.00</P_15>',
      '<KursWaluty>4.2345</KursWaluty>',
    ])
      expect(r.xml).toContain(field)
  })
})

describe('the split-payment mark of an invoice in a foreign currency', () => {
  it('compares the gross in złoty with 15 000 zł (uVAT art. 108a ust. 1a: "or its equivalent")', () => {
    // 3 000.00 EUR net + 690.00 EUR VAT = 3 690.00 EUR; in złoty 12 703.50 + 2 921.81 = 15 625.31: over 15 000.
    const laptops: Item = {
      ...eurItem,
      amount: '12703.50',
      annex15: true,
      currency: { ...eurItem.currency!, amount: '3000.00', pitAmount: '12703.50' },
    }
    const r = issueAt4May(laptops)
    expect(r.xml).toContain('<P_15>3690.00</P_15>')
    expect(r.xml).toContain('<P_18A>1</P_18A>')
  })
})

describe('what an invoice needs', () => {
  it('company data, a number, a buyer, an amount, a rate the form has, the basis of an exemption', () => {
    const bare = item({ documentNumber: '', counterparty: null, amount: '0', percent: '8.5', vatTreatment: 'rate' })
    const problems = fa3IssueProblems({
      item: bare,
      percent: '8.5',
      invoice: null,
      primary: null,
      permanentAddress: null,
      contact: null,
      createdAt: '2026-04-14T09:30:00Z',
    })
    expect(problems.map((p) => p.field)).toEqual([
      'companyName',
      'nip',
      'invoiceAddress',
      'documentNumber',
      'counterparty.name',
      'amount',
      'percent',
    ])
    const zw = item({ documentNumber: 'FV 1', vatTreatment: 'zw' })
    expect(
      fa3IssueProblems({
        item: zw,
        percent: '0',
        invoice,
        primary,
        permanentAddress: null,
        contact,
        createdAt: '2026-04-14',
      }),
    ).toEqual([expect.objectContaining({ field: 'exemptionBasis', code: 'REQUIRED' })])
  })

  it('Primary data and the permanent address stand in for missing Invoice data', () => {
    const r = fa3Issue({
      item: item({ documentNumber: 'FV 11/04/2026' }),
      percent: '23',
      invoice: null,
      primary,
      permanentAddress: {
        country: 'PL',
        region: '',
        city: 'Kraków',
        street: 'Rynek',
        postCode: '30-001',
        building: '5',
      },
      contact: null,
      createdAt: '2026-04-14T09:30:00Z',
    })
    expect(r.ok && r.xml).toContain('<AdresL1>Rynek 5</AdresL1>')
    expect(r.ok && r.xml).toContain('<Nazwa>Jan Kowalski Usługi Informatyczne</Nazwa>')
  })
})

describe('sales across borders on FA(3)', () => {
  const issue = (it: Item) =>
    fa3Issue({
      item: it,
      percent: '0',
      invoice,
      primary: null,
      permanentAddress: null,
      contact,
      createdAt: '2026-04-14T09:30:00Z',
    })
  const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]

  it('carries the fields of its kind, P_18 for np II, and reads back into the same kind', () => {
    const got = crossBorderCases.map((c) => {
      const r = issue(c.item)
      if (!r.ok) throw new Error(JSON.stringify(r.problems))
      const back = fa3Document(readFa3(r.xml), { ourNips: ['5260250274'], ksefNumber: null })
      if (!back.ok) throw new Error(JSON.stringify(back.problems))
      return [tag(r.xml, 'P_12'), tag(r.xml, 'P_18'), (back.document.items[0]!.data as Item).crossBorder]
    })
    expect(got).toEqual([
      ['0 WDT', '2', 'wdt'],
      ['0 EX', '2', 'export'],
      ['np II', '1', 'euServices'],
    ])
  })

  it('refuses a WDT to a buyer without an EU VAT number', () => {
    const r = issue(item({ documentNumber: 'FV 14/04/2026', crossBorder: 'wdt', counterparty: acme }))
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['counterparty.taxId'])
  })
})
