/**
 * The VAT register of a month and its period: rows per document, the K_ fields per rate, what is left out (private
 * items, purchases without deducted VAT, empty rows), rates the register has no field for, the dates of a row, and
 * a quarterly period's months.
 */
import { describe, expect, it } from 'vitest'
import { foldBooks } from '../deciders/books.ts'
import type { LedgerEvent } from '../events.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, vatSetting } from '../testing/fixtures.ts'
import { monthReport } from '../reports/month.ts'
import { taxesThrough } from './derived.ts'
import { summaryList } from './summary.ts'
import { taxBook } from './taxBook/history.ts'
import { periodMonths, vatFiling } from './vatRegister.ts'

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
const item = (id: number, dataType: 'Income' | 'Expense', over: Record<string, unknown>) => {
  const v = validateRecord(dataType, income(over))
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return ev('ItemAdded', { id, dataType, data: v.value })
}
const acme = { name: 'ACME', taxId: '5260001246', country: 'PL', address: 'Warszawa' }
const seller = { name: 'Hurtownia', taxId: '7740001454', country: 'PL', address: 'Płock' }

const monthly = [
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01' }) }),
  // One invoice at two rates: one row with K_19/K_20 and K_17/K_18.
  item(2, 'Income', { date: '2026-03-10', amount: '1000.00', documentNumber: 'FV 1', counterparty: acme }),
  item(3, 'Income', {
    date: '2026-03-10',
    amount: '200.00',
    percent: '8',
    documentNumber: 'fv  1',
    counterparty: acme,
    supplyDate: '2026-03-02',
  }),
  item(4, 'Income', { date: '2026-03-11', amount: '300.00', percent: '5', documentNumber: 'FV 2' }),
  item(5, 'Income', { date: '2026-03-12', amount: '400.00', percent: '0', documentNumber: 'FV 3' }),
  item(6, 'Income', { date: '2026-03-13', amount: '500.00', vatTreatment: 'zw', documentNumber: 'FV 4' }),
  item(7, 'Income', { date: '2026-03-14', amount: '600.00', vatTreatment: 'np', documentNumber: 'FV 5' }),
  // No document number: a row of its own each.
  item(8, 'Income', { date: '2026-03-15', amount: '10.00' }),
  item(9, 'Income', { date: '2026-03-15', amount: '20.00' }),
  // A rate the register has no field for.
  item(10, 'Income', { date: '2026-03-16', amount: '100.00', percent: '12', documentNumber: 'FV 6' }),
  // A zero sale: no row.
  item(11, 'Income', { date: '2026-03-17', amount: '0.00', documentNumber: 'FV 7' }),
  // Purchases: deducted VAT only; a KSeF one received the day after its date.
  item(12, 'Expense', {
    date: '2026-03-20',
    invoiceDate: '2026-03-09',
    amount: '2000.00',
    documentNumber: 'FZ 1',
    counterparty: seller,
    ksefNumber: '7740001454-20260310-0100001AF629-86',
  }),
  item(13, 'Expense', { date: '2026-03-21', amount: '300.00', vatTreatment: 'zw', documentNumber: 'FZ 2' }),
  item(14, 'Expense', { date: '2026-03-22', amount: '150.00', isCompany: false }),
  // A correction received: its own date is the row's date.
  item(15, 'Expense', {
    date: '2026-03-25',
    invoiceDate: '2026-03-25',
    amount: '-100.00',
    documentNumber: 'KOR 1',
    counterparty: seller,
    corrects: { documentNumber: 'FZ 0', ksefNumber: null, issueDate: '2026-02-10' },
  }),
]

describe('vatFiling', () => {
  const filing = vatFiling(foldBooks(monthly), '2026-03')!

  it('makes one row per document with the K_ fields of each rate, in date order', () => {
    expect(filing.period).toMatchObject({ from: '2026-03', to: '2026-03' })
    expect(filing.closesPeriod).toBe(true)
    const fields = filing.sales.map((r) => [r.documentNumber, r.fields])
    expect(fields).toEqual([
      ['FV 1', { K_19: 100000n, K_20: 23000n, K_17: 20000n, K_18: 1600n }],
      ['FV 2', { K_15: 30000n, K_16: 1500n }],
      ['FV 3', { K_13: 40000n }],
      ['FV 4', { K_10: 50000n }],
      ['FV 5', { K_11: 60000n }],
      ['', { K_19: 1000n, K_20: 230n }],
      ['', { K_19: 2000n, K_20: 460n }],
    ])
    expect(filing.sales[0]!.sources.map((s) => s.itemId)).toEqual([2, 3])
    expect(filing.sales[0]!.counterparty).toEqual(acme)
  })

  it('names a sale at a rate the register has no field for', () => {
    expect(filing.otherRates).toEqual([{ percent: '12', itemId: 10 }])
  })

  it('keeps the purchases whose VAT is deducted, with the day a KSeF invoice was received', () => {
    expect(filing.purchases.map((r) => [r.documentNumber, r.issueDate, r.receivedDate, r.fields])).toEqual([
      ['FZ 1', '2026-03-09', '2026-03-10', { K_42: 200000n, K_43: 46000n }],
      ['KOR 1', '2026-03-25', null, { K_42: -10000n, K_43: -2300n }],
    ])
    expect(filing.purchases[0]!.ksefNumber).toBe('7740001454-20260310-0100001AF629-86')
  })

  it('is null for a month with no VAT period', () => {
    expect(vatFiling(foldBooks([]), '2026-03')).toBeNull()
  })
})

describe('the dates of a row', () => {
  const books = foldBooks([
    ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
    // An advance: 1 000.00 received on 5 August, its invoice of 6 August, the supply on 10 September.
    item(2, 'Income', {
      date: '2026-08-05',
      invoiceDate: '2026-08-06',
      supplyDate: '2026-09-10',
      amount: '1000.00',
      documentNumber: 'FZAL 1/08',
      counterparty: acme,
    }),
    // Paid after the supply: the stated day of supply.
    item(3, 'Income', {
      date: '2026-08-28',
      invoiceDate: '2026-08-14',
      supplyDate: '2026-08-12',
      amount: '200.00',
      documentNumber: 'FV 2/08',
    }),
    // Taxed on the invoice (art. 19a ust. 5 pkt 4), paid before it: the day of supply stays, no advance.
    item(4, 'Income', {
      date: '2026-08-02',
      invoiceDate: '2026-08-20',
      supplyDate: '2026-07-31',
      taxPoint: 'invoice',
      amount: '300.00',
      documentNumber: 'FV 3/08',
    }),
    // A purchase dated 30 October, received in KSeF on 2 November.
    item(5, 'Expense', {
      date: '2026-10-30',
      invoiceDate: '2026-10-30',
      amount: '1000.00',
      documentNumber: 'FZ 99/10',
      counterparty: seller,
      ksefNumber: '5260001246-20261102-A1B2C3-D4E5F6-9E',
    }),
  ])

  it('an advance: in the month the money is received, its DataSprzedazy the day it was received', () => {
    const august = vatFiling(books, '2026-08')!
    expect(august.sales.map((r) => [r.documentNumber, r.issueDate, r.supplyDate, r.fields])).toEqual([
      ['FZAL 1/08', '2026-08-06', '2026-08-05', { K_19: 100000n, K_20: 23000n }],
      ['FV 2/08', '2026-08-14', '2026-08-12', { K_19: 20000n, K_20: 4600n }],
      ['FV 3/08', '2026-08-20', '2026-07-31', { K_19: 30000n, K_20: 6900n }],
    ])
    expect(august.period.declaration).toMatchObject({ P_19: 150000n, P_20: 34500n })
    expect(vatFiling(books, '2026-09')!.sales).toEqual([])
  })

  it('a KSeF purchase: deducted in the month it was received, dated by the invoice (art. 86 ust. 10b pkt 1)', () => {
    const october = vatFiling(books, '2026-10')!
    const november = vatFiling(books, '2026-11')!
    expect(october.purchases).toEqual([])
    expect(october.period.declaration).toMatchObject({ P_42: 0n, P_43: 0n })
    expect(november.purchases.map((r) => [r.documentNumber, r.issueDate, r.receivedDate, r.fields])).toEqual([
      ['FZ 99/10', '2026-10-30', '2026-11-02', { K_42: 100000n, K_43: 23000n }],
    ])
    expect(november.period.declaration).toMatchObject({ P_42: 100000n, P_43: 23000n })
    // The cost is October's in the tax book.
    const cost = taxBook(books, 2026).kpir.rows.filter((r) => r.documentNumber === 'FZ 99/10')
    expect(cost.map((r) => [r.month, r.date, r.otherExpenses])).toEqual([['2026-10', '2026-10-30', '1000.00']])
  })
})

describe('a correction’s row: dated by the correction’s issue date, in the month its VAT counts', () => {
  const corrects = { documentNumber: 'FV/2026/08/1', ksefNumber: null, issueDate: '2026-08-10' }
  const books = foldBooks([
    ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
    // Entered by hand: the correction's date as its invoice date, the refund paid later.
    item(2, 'Income', {
      date: '2026-09-30',
      invoiceDate: '2026-09-15',
      amount: '-100.00',
      documentNumber: 'KOR 1/09',
      counterparty: acme,
      corrects,
    }),
    // Imported from FA(3) as a sale, TypKorekty 1: dated back to the corrected invoice, its own date the item's date.
    item(3, 'Income', {
      date: '2026-09-16',
      invoiceDate: '2026-08-10',
      amount: '50.00',
      documentNumber: 'KOR 2/09',
      counterparty: acme,
      corrects,
    }),
    // Imported from FA(3) as a sale, TypKorekty 2: on its own issue date.
    item(4, 'Income', {
      date: '2026-09-17',
      invoiceDate: '2026-09-17',
      amount: '20.00',
      documentNumber: 'KOR 3/09',
      counterparty: acme,
      corrects,
    }),
    // Imported from FA(3) as a purchase, a decrease: on its own issue date.
    item(5, 'Expense', {
      date: '2026-09-18',
      invoiceDate: '2026-09-18',
      amount: '-10.00',
      documentNumber: 'KOR 7/09',
      counterparty: seller,
      corrects: { ...corrects, documentNumber: 'FZ 7/08' },
    }),
  ])

  it('a hand-entered one, an imported one of either type, a purchase’s', () => {
    const dated = (month: string) =>
      vatFiling(books, month)!.sales.map((r) => [r.documentNumber, r.issueDate, r.supplyDate, r.fields.K_19])
    expect(dated('2026-08')).toEqual([['KOR 2/09', '2026-09-16', null, 5000n]])
    expect(dated('2026-09')).toEqual([
      ['KOR 1/09', '2026-09-15', null, -10000n],
      ['KOR 3/09', '2026-09-17', null, 2000n],
    ])
    expect(vatFiling(books, '2026-09')!.purchases.map((r) => [r.documentNumber, r.issueDate])).toEqual([
      ['KOR 7/09', '2026-09-18'],
    ])
  })
})

describe('a quarterly period', () => {
  const events = [
    ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 3 }) }),
    item(2, 'Income', { date: '2026-04-10', amount: '1000.00', documentNumber: 'FV 1' }),
    item(3, 'Income', { date: '2026-06-10', amount: '500.00', documentNumber: 'FV 2' }),
  ]
  it('files each month’s register, the last month closing the quarter', () => {
    const books = foldBooks(events)
    const april = vatFiling(books, '2026-04')!
    const june = vatFiling(books, '2026-06')!
    expect(april.period).toMatchObject({ from: '2026-04', to: '2026-06' })
    expect([april.closesPeriod, june.closesPeriod]).toEqual([false, true])
    expect(april.sales.map((r) => r.documentNumber)).toEqual(['FV 1'])
    expect(june.sales.map((r) => r.documentNumber)).toEqual(['FV 2'])
    expect(periodMonths(june.period)).toEqual(['2026-04', '2026-05', '2026-06'])
  })
})

describe('a VAT setting of zw or np (§32)', () => {
  // From March the trader's sales are exempt (art. 43); from April they are not subject to Polish VAT.
  const books = foldBooks([
    ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
    ev('SettingAdded', {
      id: 2,
      kind: 'Vat',
      data: { ...vatSetting({ date: '2026-03-01', percent: 'zw' }), exemptionBasis: 'art43' },
    }),
    ev('SettingAdded', { id: 3, kind: 'Vat', data: vatSetting({ date: '2026-04-01', percent: 'np' }) }),
    item(4, 'Income', {
      date: '2026-02-10',
      amount: '1000.00',
      percent: null,
      vatTreatment: 'inForce',
      documentNumber: 'FV 1',
    }),
    item(5, 'Income', {
      date: '2026-03-10',
      amount: '1000.00',
      percent: null,
      vatTreatment: 'inForce',
      documentNumber: 'FV 2',
    }),
    item(6, 'Income', {
      date: '2026-04-10',
      amount: '1000.00',
      percent: null,
      vatTreatment: 'inForce',
      documentNumber: 'FV 3',
    }),
    // An item with its own rate keeps it: the setting speaks only for items at the rate in force.
    item(7, 'Income', { date: '2026-03-11', amount: '100.00', percent: '23', documentNumber: 'FV 4' }),
  ])

  it('makes an item at the rate in force exempt (K_10) or not subject (K_11), with no VAT', () => {
    expect(vatFiling(books, '2026-02')!.sales.map((r) => r.fields)).toEqual([{ K_19: 100000n, K_20: 23000n }])
    expect(vatFiling(books, '2026-03')!.sales.map((r) => [r.documentNumber, r.fields])).toEqual([
      ['FV 2', { K_10: 100000n }],
      ['FV 4', { K_19: 10000n, K_20: 2300n }],
    ])
    expect(vatFiling(books, '2026-04')!.sales.map((r) => r.fields)).toEqual([{ K_11: 100000n }])
  })

  it('leaves only the VAT of the items with their own rate to pay', () => {
    const marchVat = monthReport(books, '2026-04', '2026-12-31').rows.find((r) => r.type === 'VAT')
    expect(marchVat?.gross).toBe('23.00')
  })

  it('deducts no input VAT of a purchase made while exempt; it is all a PIT cost; sales abroad keep the deduction', () => {
    // 1 000 net + 230 VAT as the supplier's invoice states: in February (a VAT payer) 230 is deducted and the cost is
    // 1 000; in March (exempt, art. 88 ust. 4: no deduction) nothing is deducted and the cost is 1 230.
    const purchase = (id: number, date: string) =>
      item(id, 'Expense', { date, amount: '1000.00', percent: '23', documentNumber: `FZ ${id}` })
    const withPurchases = foldBooks([purchase(8, '2026-02-12'), purchase(9, '2026-03-12')], books)
    const taxes = taxesThrough(withPurchases, '2026-12')!.result
    const vat = (m: string) => taxes.vat.find((p) => p.from === m)!
    expect(vat('2026-02').input).toBe(23000n)
    expect(vat('2026-03').input).toBe(0n)
    const months = taxesThrough(withPurchases, '2026-12')!.run.run.months
    const costs = (m: string) => months.find((f) => f.month === m)!.companyCosts
    expect([costs('2026-02'), costs('2026-03')]).toEqual([100000n, 123000n])
    expect(vatFiling(withPurchases, '2026-03')!.purchases).toEqual([])
    // Under `np` (April on: services abroad, art. 28b) the input VAT is deducted (art. 86 ust. 8 pkt 1).
    const april = foldBooks([purchase(10, '2026-04-14')], books)
    expect(taxesThrough(april, '2026-12')!.result.vat.find((p) => p.from === '2026-04')!.input).toBe(23000n)
    // The summary's company costs are the same costs: the VAT not deducted is money spent.
    const rows = summaryList(withPurchases, 2026, false)
    expect([rows[1]!.companyExpenseAmmount, rows[2]!.companyExpenseAmmount]).toEqual(['1000.00', '1230.00'])
    // The KPiR's cost is the same: 1 230 in March, 1 000 in February.
    const kpir = taxBook(withPurchases, 2026).kpir.rows
    expect(kpir.filter((r) => r.otherExpenses !== null).map((r) => [r.date, r.otherExpenses])).toEqual([
      ['2026-02-12', '1000.00'],
      ['2026-03-12', '1230.00'],
    ])
  })

  it('deducts nothing once a zw setting comes after the purchase, and again once it goes: as fresh books would', () => {
    // The purchase is recorded as a VAT payer; then the trader says their sales were exempt from 1 March.
    const payer = foldBooks([
      ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
      item(9, 'Expense', { date: '2026-03-12', amount: '1000.00', percent: '23', documentNumber: 'FZ 9' }),
    ])
    const march = (state: typeof payer) => ({
      input: taxesThrough(state, '2026-12')!.result.vat.find((p) => p.from === '2026-03')?.input ?? 0n,
      cost: taxesThrough(state, '2026-12')!.run.run.months.find((f) => f.month === '2026-03')!.companyCosts,
      purchases: vatFiling(state, '2026-03')!.purchases.length,
    })
    expect(march(payer)).toEqual({ input: 23000n, cost: 100000n, purchases: 1 })
    const exemptSetting = ev('SettingAdded', {
      id: 2,
      kind: 'Vat',
      data: { ...vatSetting({ date: '2026-03-01', percent: 'zw' }), exemptionBasis: 'art43' },
    })
    const exempt = foldBooks([exemptSetting], payer)
    expect(march(exempt)).toEqual({ input: 0n, cost: 123000n, purchases: 0 })
    // The same events folded at once give the same figures.
    const fresh = foldBooks([
      ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
      item(9, 'Expense', { date: '2026-03-12', amount: '1000.00', percent: '23', documentNumber: 'FZ 9' }),
      exemptSetting,
    ])
    expect(march(fresh)).toEqual(march(exempt))
    // The setting removed: a VAT payer again.
    const again = foldBooks([ev('SettingDeleted', { id: 2, kind: 'Vat' })], exempt)
    expect(march(again)).toEqual({ input: 23000n, cost: 100000n, purchases: 1 })
  })
})
