/**
 * The annual health minimum of a business started mid-year (Linear, from 1 March 2026), settled from uŚOZ art. 81:
 * the minimum base is set for the contribution year (1 February – 31 January, the minimum wage of its first day) and
 * the annual settlement compares the year's contribution with the minimum of each month of the contribution year in
 * which the person was insured (ZUS's explanation quoted by rp.pl, "ZUS ogłosił minimalną składkę na ubezpieczenie
 * zdrowotne w 2023 r."; podatki.gazetaprawna.pl, "Przedsiębiorcy źle wyliczają minimalną składkę zdrowotną": the
 * income is of the calendar year, the minimum base of the contribution year). docs/tax-rules.md §8.4.
 */
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { pitInput } from '../testing/fixtures.ts'
import { computeTaxes, type MonthFigures } from './engine.ts'
import { healthMinimumFor } from './socialSecurity.ts'

/** March 2026 – January 2027: a small income, so the minimum governs every month. */
const months: MonthFigures[] = Array.from({ length: 11 }, (_, i) => ({
  month: addMonthsToMonth('2026-03', i),
  companyRevenue: 300_000n,
  companyCosts: 100_000n,
  outputVat: 0n,
  inputVat: 0n,
}))

const result = computeTaxes({
  months,
  vat: [],
  pit: [pitInput('Linear', { date: '2026-03-01' })],
  socialSecurity: [{ date: '2026-03-01', amount: '456.18', percent: '4.9' }],
  company: { businessStartDate: '2026-03-01', vatRegistrationDate: null },
})
const settlement = result.healthSettlements.find((h) => h.year === 2026)!

describe('the health minimum of a business started in March 2026 (Linear)', () => {
  const contributionYear = months.map((m) => m.month)
  const calendarYear = contributionYear.filter((m) => m.startsWith('2026'))
  const minimumOf = (ms: string[]) =>
    ms.reduce((s, m) => s + healthMinimumFor(Number(m.slice(0, 4)), Number(m.slice(5, 7))), 0n)

  it('counts the 11 insured months of the contribution year (March 2026 – January 2027), not the 10 of the calendar year', () => {
    // Reading A (chosen): the insured months of the contribution year, 11 × 432.54 = 4757.94.
    expect(minimumOf(contributionYear)).toBe(475_794n)
    // Reading B (rejected): the insured months of the calendar year, 10 × 432.54 = 4325.40.
    expect(minimumOf(calendarYear)).toBe(432_540n)
    expect(settlement.months).toBe(11)
    expect(settlement.insuredMonths).toEqual(contributionYear)
    expect(settlement.minimum).toBe(minimumOf(contributionYear))
    expect(settlement.minimum).not.toBe(minimumOf(calendarYear))
  })

  it('shows its working: the base, the minimum base and the months insured', () => {
    // The year's income for health: 10 × (3000 − 1000 − 456.18) = 15438.20; 4.9 % = 756.47 < the minimum.
    expect(settlement.basis).toBe(1_543_820n)
    expect(settlement.computed).toBe(75_647n)
    // The minimum base: 11 × 4806.00 (the minimum wage of 1 February 2026).
    expect(settlement.minimumBase).toBe(5_286_600n)
    expect(settlement.due).toBe(475_794n)
    // Every month paid the minimum: nothing left to settle.
    expect(settlement.paid).toBe(475_794n)
    expect(settlement.toPay).toBe(0n)
  })
})
