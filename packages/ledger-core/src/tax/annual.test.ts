import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { formatMoney, maxG } from '../money.ts'
import { pitInput } from '../testing/fixtures.ts'
import type { TaxType } from '../types.ts'
import { annualFormOf } from './annual.ts'
import { computeTaxes, type MonthFigures, type TaxInput } from './engine.ts'

const monthsFrom = (start: string, figures: readonly [bigint, bigint][]): MonthFigures[] =>
  figures.map(([rev, cost], i) => ({
    month: addMonthsToMonth(start, i),
    companyRevenue: rev,
    companyCosts: cost,
    outputVat: 0n,
    inputVat: 0n,
  }))

/** `n` months of the same company revenue and costs. */
const sameMonths = (n: number, revenue: bigint, costs: bigint): [bigint, bigint][] =>
  Array.from({ length: n }, () => [revenue, costs])

type TaxesInput = Parameters<typeof computeTaxes>[0]

/** A ZUS setting from `date`: the social contributions `amount` and the health `percent`. */
const zus = (date: string, amount: string, percent: string): TaxesInput['socialSecurity'][number] => ({
  date,
  amount,
  percent,
})

/** The taxes of the months from `start` with `figures`, no VAT, one ZUS setting `social` and the PIT settings `pit`. */
const taxesOf = (
  start: string,
  figures: readonly [bigint, bigint][],
  social: TaxesInput['socialSecurity'][number],
  ...pit: TaxesInput['pit']
) => computeTaxes({ months: monthsFrom(start, figures), vat: [], pit, socialSecurity: [social] })

const zl = (n: number) => BigInt(n) * 100n
const taxTypeArb = fc.constantFrom<TaxType>('Scale', 'Linear', 'Flat')
/** Monthly amounts the user might enter: tabled 2025 / 2026 full or preferential ones, or any other. */
const socialArb = fc.constantFrom('1773.96', '442.90', '1926.76', '456.18', '1500.00', '0.00')
const figureArb = fc.tuple(fc.bigInt({ min: 0n, max: zl(60_000) }), fc.bigInt({ min: 0n, max: zl(40_000) }))

/** A random history: up to three years of months from 2025, one or two PIT settings, one or two ZUS settings. */
const historyArb: fc.Arbitrary<TaxInput> = fc
  .record({
    start: fc.constantFrom('2025-01', '2025-03', '2025-11', '2026-01'),
    figures: fc.array(figureArb, { minLength: 1, maxLength: 30 }),
    first: taxTypeArb,
    second: fc.option(taxTypeArb, { nil: null }),
    quarterly: fc.boolean(),
    social: socialArb,
    social2026: socialArb,
    deductions: fc.constantFrom(null, '100.00'),
  })
  .map((h) => ({
    months: monthsFrom(h.start, h.figures),
    vat: [],
    pit: [
      pitInput(h.first, { date: '2025-01-01', paymentInterval: h.quarterly ? 3 : 1, deductions: h.deductions }),
      ...(h.second ? [pitInput(h.second, { date: '2026-01-01' })] : []),
    ],
    socialSecurity: [
      { date: '2025-01-01', amount: h.social, percent: h.first === 'Linear' ? '4.9' : '9' },
      { date: '2026-01-01', amount: h.social2026, percent: h.second === 'Linear' ? '4.9' : '9' },
    ],
  }))

/** Checks `check` on the taxes of 150 generated histories. */
const forEveryHistory = (check: (r: ReturnType<typeof computeTaxes>) => void) =>
  fc.assert(
    fc.property(historyArb, (input) => check(computeTaxes(input))),
    { numRuns: 150 },
  )

describe('the annual return', () => {
  it('the tax less the advances due for the year is the difference to pay or refund', () =>
    forEveryHistory((r) => {
      for (const a of r.annual) {
        let advances = 0n
        for (const p of r.pit) if (p.from.startsWith(`${a.year}-`)) advances += p.advance
        expect(a.advances).toBe(advances)
        expect(a.difference).toBe(a.tax - advances)
        expect(a.toPay - a.refund).toBe(a.difference)
        expect(a.toPay === 0n || a.refund === 0n).toBe(true)
        expect(a.form).toBe(annualFormOf(a.taxType))
        // Bases and taxes are whole złoty (Op art. 63 §1).
        expect(a.base % 100n).toBe(0n)
        expect(a.tax % 100n).toBe(0n)
        expect(a.socialDeducted <= a.socialPaid).toBe(true)
        if (a.taxType === 'Scale') expect(a.healthDeducted).toBe(0n)
        const obligation = r.obligations.find((o) => o.kind === 'PITAnnual' && o.periodFrom === `${a.year}-01`)
        expect(obligation?.amount ?? 0n).toBe(a.complete ? a.toPay : 0n)
      }
    }))

  it('a steady Scale year settles to zero: contributions paid in the year equal those of its months', () =>
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: zl(2_000), max: zl(40_000) }), fc.bigInt({ min: 0n, max: zl(20_000) })), {
          minLength: 12,
          maxLength: 12,
        }),
        fc.constantFrom('1500.00', '777.77'),
        (year, social) => {
          // December 2025 brings the contributions paid in January 2026; revenue always covers costs and ZUS.
          const figures: [bigint, bigint][] = [[zl(10_000), 0n], ...year.map(([c, m]): [bigint, bigint] => [c + m, m])]
          const r = taxesOf(
            '2025-12',
            figures,
            zus('2025-01-01', social, '9'),
            pitInput('Scale', { date: '2025-01-01' }),
          )
          const a = r.annual.find((x) => x.year === 2026)!
          const december = r.pit.find((p) => p.to === '2026-12')!
          expect(a.base).toBe(december.base)
          expect(a.tax).toBe(december.taxYearToDate)
          expect(a.difference).toBe(0n)
        },
      ),
      { numRuns: 100 },
    ))
})

describe('the annual health settlement', () => {
  it('the year due less the monthly contributions of its months is the settlement', () =>
    forEveryHistory((r) => {
      for (const h of r.healthSettlements) {
        const months = r.contributions.filter(
          (c) =>
            c.configured && c.month >= h.from && c.month <= h.to && (c.taxType === 'Flat') === (h.taxType === 'Flat'),
        )
        let paid = 0n
        for (const c of months) paid += c.health
        expect(h.months).toBe(months.length)
        expect(h.paid).toBe(paid)
        expect(h.due).toBe(maxG(h.computed, h.minimum))
        expect(h.difference).toBe(h.due - paid)
        expect(h.toPay - h.overpaid).toBe(h.difference)
        if (h.taxType === 'Flat') expect([1, 2, 3]).toContain(h.flatTier)
        else expect(h.minimum > 0n).toBe(true)
        const obligation = r.obligations.find((o) => o.kind === 'HealthAnnual' && o.periodFrom === h.from)
        expect(obligation?.amount ?? 0n).toBe(h.complete ? h.toPay : 0n)
      }
    }))

  it('a steady Scale year above the minimum differs from the monthly contributions by their rounding only', () =>
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: zl(6_000), max: zl(50_000) }), { minLength: 13, maxLength: 13 }),
        (incomes) => {
          const figures: [bigint, bigint][] = [
            [zl(10_000), 0n],
            ...incomes.map((i): [bigint, bigint] => [i + zl(1_500), 0n]),
          ]
          const r = taxesOf(
            '2025-12',
            figures,
            zus('2025-01-01', '1500.00', '9'),
            pitInput('Scale', { date: '2025-01-01' }),
          )
          const h = r.healthSettlements.find((x) => x.year === 2026)!
          expect(h.complete).toBe(true)
          expect(h.months).toBe(12)
          // The year's income equals the twelve monthly bases; each month rounds 9 % to the grosz once.
          expect(h.difference <= 6n && h.difference >= -6n).toBe(true)
        },
      ),
      { numRuns: 100 },
    ))
})

describe('the Linear health cap', () => {
  it('deducts the health paid in the year up to the year’s cap only (14 100 zł in 2026)', () => {
    const r = taxesOf(
      '2025-12',
      sameMonths(14, zl(40_000), zl(5_000)),
      zus('2025-12-01', '1926.76', '4.9'),
      pitInput('Linear', { date: '2025-01-01' }),
    )
    const a = r.annual.find((x) => x.year === 2026)!
    // 4.9 % × (40000 − 5000 − 1926.76) = 1620.59 a month from January 2026: 12 × 1620.59 + December 2025's minimum.
    expect(a.healthPaid > 1_410_000n).toBe(true)
    expect(a.healthDeducted).toBe(1_410_000n)
    expect(a.base).toBe(((a.income - a.socialDeducted - 1_410_000n + 50n) / 100n) * 100n)
  })
})

describe('deadlines', () => {
  it('moves 30 April and 20 May to the next working day', () => {
    const r = taxesOf(
      '2027-01',
      sameMonths(13, zl(20_000), 0n),
      zus('2027-01-01', '1926.76', '9'),
      pitInput('Scale', { date: '2027-01-01' }),
    )
    const a = r.annual.find((x) => x.year === 2027)!
    // 30 April 2028 is a Sunday, 1 May a holiday.
    expect([a.statutoryDueDate, a.dueDate]).toEqual(['2028-04-30', '2028-05-02'])
    const h = r.healthSettlements.find((x) => x.year === 2027)!
    // 20 May 2028 is a Saturday.
    expect([h.statutoryDueDate, h.dueDate]).toEqual(['2028-05-20', '2028-05-22'])
    expect(r.ratesFallbackYears).toEqual([2027, 2028])
  })
  it('makes no return without a PIT setting, but settles health (Scale by default)', () => {
    const r = taxesOf('2026-01', sameMonths(13, zl(10_000), zl(1_000)), zus('2026-01-01', '1926.76', '9'))
    expect(r.annual).toEqual([])
    expect(r.healthSettlements.map((h) => [h.year, h.taxType, formatMoney(h.minimum)])).toEqual([
      [2025, 'Scale', '314.96'],
      [2026, 'Scale', '5190.48'],
    ])
  })
})
