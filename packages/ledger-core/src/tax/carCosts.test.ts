/**
 * A car's running costs at 75 % in mixed use (uPIT art. 23 ust. 1 pkt 46a), worked in docs/tax-rules.md ("Cars"): the
 * same cost in the month's figures (advances, health base, return) and in the tax book.
 */
import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { taxBook } from '../projections/taxBook.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, itemAdded, pitSetting } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { carCostOf } from './carCosts.ts'

const linear = { type: 'SettingAdded', data: { id: 100, kind: 'Pit', data: pitSetting() } } as LedgerEvent
const sale = itemAdded(1, income({ date: '2026-03-10', amount: '20000.00' }))
/** Fuel for 1 234.57 zł net on 12 March 2026, without VAT unless `over` says otherwise. */
const fuel = (use: string | null, over: Record<string, unknown> = {}) =>
  itemAdded(
    2,
    income({
      date: '2026-03-12',
      name: 'Paliwo',
      amount: '1234.57',
      percent: '0',
      ...(use ? { car: { use } } : {}),
      ...over,
    }),
    'Expense',
  )

const march = (events: LedgerEvent[]) => {
  const { state } = runCommands([], [linear, sale, ...events])
  const figures = taxesThrough(state, '2026-03')!.result.pit.find((p) => p.from === '2026-03')!
  const book = taxBook(state, 2026).months.find((m) => m.month === '2026-03')!
  return { costs: figures.costsYearToDate, book: book.kpir.otherExpenses }
}

describe('a car’s running costs (uPIT art. 23 ust. 1 pkt 46a)', () => {
  it('counts 75 % of a mixed-use car’s expense, rounded half up to the grosz', () => {
    expect(carCostOf(123_457n, 'mixed')).toBe(92_593n) // 925.9275 → 925.93
    expect(carCostOf(123_457n, 'businessOnly')).toBe(123_457n)
    expect(carCostOf(123_457n, null)).toBe(123_457n)
    // With the half of the input VAT the VAT side does not deduct: 75 % × (1 000 + 115) = 836.25.
    expect(carCostOf(100_000n, 'mixed', 11_500n)).toBe(83_625n)
  })

  it('puts the same 75 % in the advance’s costs and in the tax book; business only counts whole', () => {
    expect(march([fuel('mixed')])).toEqual({ costs: 92_593n, book: '925.93' })
    expect(march([fuel('businessOnly')])).toEqual({ costs: 123_457n, book: '1234.57' })
    expect(march([fuel(null)])).toEqual({ costs: 123_457n, book: '1234.57' })
    // With VAT: half of the 230 zł is not deducted (uVAT art. 86a) and 75 % of 1 000 + 115 is the cost.
    expect(march([fuel('mixed', { amount: '1000.00', percent: '23' })])).toEqual({ costs: 83_625n, book: '836.25' })
  })

  it('validates the flag of an expense, and keeps it only when given', () => {
    const ok = validateRecord('Expense', { ...income(), car: { use: 'mixed' } })
    expect(ok.ok && ok.value).toMatchObject({ car: { use: 'mixed' } })
    const none = validateRecord('Expense', income())
    expect(none.ok && 'car' in none.value).toBe(false)
    const bad = validateRecord('Expense', { ...income(), car: { use: 'private' } })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.errors).toEqual([
      { field: 'car.use', code: 'INVALID_CHOICE', message: 'Car use must be mixed or businessOnly' },
    ])
    const income2 = validateRecord('Income', { ...income(), car: { use: 'mixed' } })
    expect(income2.ok).toBe(false)
  })
})
