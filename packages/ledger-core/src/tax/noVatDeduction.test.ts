/**
 * Accommodation and gastronomy (uVAT art. 88 ust. 1 pkt 4 lit. a–b): the input VAT of a purchase marked
 * `noVatDeduction` is never deducted — no input tax in the engine, no purchase-register row, P_43 without it — and the
 * whole of it is part of the cost (uPIT art. 23 ust. 1 pkt 43 lit. a): the KPiR, the PIT figures and the summary.
 * The worked example of docs/tax-rules.md: a hotel invoice of 400 net + 8 % (32) is a cost of 432.00.
 */
import { describe, expect, it } from 'vitest'
import { foldBooks } from '../deciders/books.ts'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { summaryList } from '../projections/summary.ts'
import { taxBook } from '../projections/taxBook.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, pitSetting, vatSetting } from '../testing/fixtures.ts'
import { costWithVat, deductibleVat, nonDeductibleVat, vatFactsOf } from './crossBorder.ts'

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
const item = (id: number, dataType: 'Income' | 'Expense', over: Record<string, unknown>) => {
  const v = validateRecord(dataType, income(over))
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return ev('ItemAdded', { id, dataType, data: v.value })
}

const books = foldBooks([
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) }),
  ev('SettingAdded', { id: 2, kind: 'Pit', data: pitSetting({ date: '2026-01-01' }) }),
  item(3, 'Income', { date: '2026-03-02', amount: '5000.00', documentNumber: 'FV 1' }),
  // A hotel night on a business trip: 400 net + 8 % = 32 VAT, none of it deductible.
  item(4, 'Expense', {
    name: 'Hotel',
    date: '2026-03-10',
    amount: '400.00',
    percent: '8',
    documentNumber: 'H 1',
    noVatDeduction: true,
  }),
  // A restaurant meal with a client: representation, not a cost — and gastronomy, so no VAT deducted either.
  item(5, 'Expense', {
    name: 'Dinner',
    date: '2026-03-11',
    amount: '200.00',
    percent: '8',
    documentNumber: 'R 1',
    kpirColumn: 'notCost',
    noVatDeduction: true,
  }),
  // An ordinary purchase beside them deducts its VAT.
  item(6, 'Expense', { name: 'Paper', date: '2026-03-12', amount: '100.00', documentNumber: 'FZ 1' }),
])

describe('accommodation and gastronomy (art. 88 ust. 1 pkt 4)', () => {
  it('deducts no input VAT: the engine counts only the ordinary purchase', () => {
    const march = taxesThrough(books, '2026-03')!.result.vat.find((p) => p.from === '2026-03')!
    expect(march.input).toBe(2300n)
  })

  it('leaves the hotel and the meal out of the purchase register and P_42 / P_43', () => {
    const filing = vatFiling(books, '2026-03')!
    expect(filing.purchases.map((r) => [r.documentNumber, r.fields])).toEqual([['FZ 1', { K_42: 10000n, K_43: 2300n }]])
    const d = filing.period.declaration
    expect([d.P_42, d.P_43]).toEqual([10000n, 2300n])
  })

  it('books the hotel at its gross, 432.00, in the KPiR and the PIT costs; the meal stays no cost', () => {
    const rows = taxBook(books, 2026).kpir.rows
    expect(rows.find((r) => r.documentNumber === 'H 1')).toMatchObject({ otherExpenses: '432.00' })
    expect(rows.some((r) => r.documentNumber === 'R 1')).toBe(false)
    const months = taxesThrough(books, '2026-03')!.run.run.months
    // 432.00 + 100.00: the meal, not a cost, adds nothing.
    expect(months.find((f) => f.month === '2026-03')!.companyCosts).toBe(53200n)
    // The summary's company expenses are money spent, the meal included: its VAT not deducted is spent too
    // (432.00 + 216.00 + 100.00).
    expect(summaryList(books, 2026, false)[2]!.companyExpenseAmmount).toBe('748.00')
  })

  it('is a fact of the item that deductibleVat and costWithVat follow', () => {
    const facts = vatFactsOf({ noVatDeduction: true })
    expect(facts).toEqual({ crossBorder: null, carUse: null, fixedAsset: false, noDeduction: true })
    expect([deductibleVat(3200n, facts), nonDeductibleVat(3200n, facts)]).toEqual([0n, 3200n])
    expect(costWithVat({ amount: 40000n, vatAmount: 3200n, vatFacts: facts })).toBe(43200n)
    // With a car in mixed use the rule of art. 88 wins: nothing deducted, not half.
    expect(deductibleVat(3200n, vatFactsOf({ car: { use: 'mixed' }, noVatDeduction: true }))).toBe(0n)
    expect(vatFactsOf({ noVatDeduction: false })).toBeNull()
  })
})

describe('what an item may say', () => {
  const check = (dataType: 'Income' | 'Expense', over: Record<string, unknown>) =>
    validateRecord(dataType, income(over))
  const errors = (r: ReturnType<typeof check>) => (r.ok ? [] : r.errors.map((e) => [e.field, e.message]))

  it('keeps the mark on an expense, leaves it out when false or absent', () => {
    const marked = check('Expense', { noVatDeduction: true })
    expect(marked.ok && marked.value).toMatchObject({ noVatDeduction: true })
    for (const value of [false, undefined, null]) {
      const plain = check('Expense', { noVatDeduction: value })
      expect(plain.ok && Object.keys(plain.value)).not.toContain('noVatDeduction')
    }
  })

  it('refuses it on an income and any value but true or false, naming the field', () => {
    expect(errors(check('Income', { noVatDeduction: true }))).toEqual([
      ['noVatDeduction', 'Only an expense can have input VAT that may not be deducted'],
    ])
    for (const value of ['yes', 2, 'none', {}])
      expect(errors(check('Expense', { noVatDeduction: value }))).toEqual([
        ['noVatDeduction', 'VAT not deductible must be true or false'],
      ])
  })
})
