/**
 * The engine restarts from the first changed month: a run that starts from an earlier run over other inputs equals a
 * run from scratch, whatever changed (month figures, settings, payment days, the range), and computes only the months
 * from the change on.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { pitInput } from '../testing/fixtures.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'
import { annualCounter } from './annual.ts'
import { type AnnualItemsInput, NO_ANNUAL_ITEMS } from './annualItems.ts'
import {
  computeTaxes,
  computeTaxesFrom,
  type MonthFigures,
  obligationCounter,
  type TaxInput,
  taxCounter,
} from './engine.ts'

const FIRST = '2024-01'
const monthAt = (i: number): YearMonthString => addMonthsToMonth(FIRST, i)

const figuresArb = fc
  .record({
    revenue: fc.bigInt(0n, 3_000_000n),
    costs: fc.bigInt(0n, 2_000_000n),
    percent: fc.constantFrom('23', '8'),
    flatRate: fc.constantFrom(null, '8.5', '12'),
  })
  .map(
    ({ revenue, costs, percent, flatRate }) =>
      (m: YearMonthString): MonthFigures => ({
        month: m,
        companyRevenue: revenue,
        companyCosts: costs,
        outputVat: (revenue * BigInt(percent)) / 100n,
        inputVat: (costs * 23n) / 100n,
        sales: [{ treatment: 'rate', percent, base: revenue, vat: (revenue * BigInt(percent)) / 100n }],
        purchaseBase: costs,
        flatRevenue: [{ rate: flatRate, amount: revenue }],
      }),
  )

const dayArb = fc
  .tuple(fc.integer({ min: 0, max: 35 }), fc.integer({ min: 1, max: 28 }))
  .map(([i, d]): LocalDateString => `${monthAt(i)}-${String(d).padStart(2, '0')}`)

/** The return's typed items (only the year end reads them): IKZE and a loss of the year before. */
const annualArb = fc.array(
  fc.tuple(fc.constantFrom(2024, 2025, 2026), fc.bigInt(0n, 1_000_000n), fc.bigInt(0n, 5_000_000n)),
  { maxLength: 2 },
)

const settingsArb = fc.record({
  vat: fc.array(
    fc.record({ date: dayArb, percent: fc.constantFrom('23', '8'), paymentInterval: fc.constantFrom(1, 3) }),
    { maxLength: 3 },
  ),
  pit: fc.array(
    fc
      .record({
        date: dayArb,
        taxType: fc.constantFrom('Scale', 'Linear', 'Flat' as const),
        paymentInterval: fc.constantFrom(1, 3),
      })
      .map(({ date, taxType, paymentInterval }) => pitInput(taxType, { date, paymentInterval })),
    { maxLength: 3 },
  ),
  socialSecurity: fc.array(
    fc.record({
      date: dayArb,
      amount: fc.constantFrom('1926.76', '456.18'),
      percent: fc.constantFrom('9', '4.9'),
      contributionsPaid: fc.constantFrom('inMonth', 'byDeadline' as const),
    }),
    { maxLength: 3 },
  ),
  paid: fc.array(fc.tuple(fc.integer({ min: 0, max: 35 }), dayArb), { maxLength: 4 }),
  annual: annualArb,
})

const annualItemsOf = (items: readonly (readonly [number, bigint, bigint])[]) =>
  new Map(
    items.map(([year, ikze, loss]): [number, AnnualItemsInput] => [
      year,
      {
        ...NO_ANNUAL_ITEMS,
        ikze,
        losses: loss > 0n ? [{ year: year - 1, amount: loss, deductedBefore: 0n, oneOff: false }] : [],
      },
    ]),
  )

const inputArb = fc.tuple(fc.array(figuresArb, { minLength: 1, maxLength: 36 }), settingsArb).map(
  ([figures, s]): TaxInput => ({
    months: figures.map((f, i) => f(monthAt(i))),
    vat: s.vat,
    pit: s.pit,
    socialSecurity: s.socialSecurity,
    contributionsPaidOn: new Map(s.paid.map(([i, d]) => [monthAt(i), d])),
    annualItems: annualItemsOf(s.annual),
  }),
)

/** A later version of the same books: some months changed, the range shortened or extended, maybe a setting. */
const changedArb = (before: TaxInput) =>
  fc
    .record({
      edits: fc.array(fc.tuple(fc.nat(), figuresArb), { maxLength: 3 }),
      length: fc.integer({ min: 1, max: 36 }),
      extra: figuresArb,
      settings: fc.option(settingsArb, { nil: null }),
      annual: fc.option(annualArb, { nil: null }),
    })
    .map(({ edits, length, extra, settings, annual }): TaxInput => {
      const months = Array.from({ length }, (_, i) => before.months[i] ?? extra(monthAt(i)))
      for (const [k, f] of edits) months[k % length] = f(monthAt(k % length))
      return settings === null
        ? { ...before, months, ...(annual === null ? {} : { annualItems: annualItemsOf(annual) }) }
        : {
            months,
            vat: settings.vat,
            pit: settings.pit,
            socialSecurity: settings.socialSecurity,
            contributionsPaidOn: new Map(settings.paid.map(([i, d]) => [monthAt(i), d])),
            annualItems: annualItemsOf(settings.annual),
          }
    })

/** 2024–2026, the same revenue (and costs) every month, monthly VAT and PIT settings from 2024, no contributions. */
const threeYears = (costs: bigint, taxType: 'Scale' | 'Linear'): TaxInput => ({
  months: Array.from({ length: 36 }, (_, i) => ({
    month: monthAt(i),
    companyRevenue: 1_000_000n,
    companyCosts: costs,
    outputVat: 230_000n,
    inputVat: (costs * 23n) / 100n,
  })),
  vat: [{ date: '2024-01-01', percent: '23', paymentInterval: 1 }],
  pit: [pitInput(taxType, { date: '2024-01-01' })],
  socialSecurity: [],
})

// Property runs take seconds on a loaded machine: a generous limit, not a timing.
describe('incremental tax runs', { timeout: 60_000 }, () => {
  it('a run restarted from an earlier run equals a run from scratch', () =>
    fc.assert(
      fc.property(
        inputArb.chain((a) => changedArb(a).map((b) => [a, b] as const)),
        ([a, b]) => {
          const first = computeTaxesFrom(a, null)
          expect(first.result).toEqual(computeTaxes(a))
          expect(computeTaxesFrom(b, first).result).toEqual(computeTaxes(b))
        },
      ),
      { numRuns: 300 },
    ))

  it('a restarted run equals a run from scratch in its year end and obligations (every year settled)', () =>
    fc.assert(
      fc.property(
        fc.constantFrom('Scale', 'Linear', 'Flat' as const),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 35 }), figuresArb), { maxLength: 2 }),
        fc.option(annualArb, { nil: null }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 35 }), dayArb), { maxLength: 2 }),
        fc.option(fc.tuple(dayArb, fc.constantFrom('456.18', '2500.00')), { nil: null }),
        fc.option(fc.tuple(fc.constantFrom('Scale', 'Linear', 'Flat' as const), fc.constantFrom(2025, 2026)), {
          nil: null,
        }),
        (taxType, edits, annual, paid, social, form) => {
          const input: TaxInput = {
            ...threeYears(200_000n, 'Linear'),
            pit: [pitInput(taxType, { date: '2024-01-01' })],
            socialSecurity: [{ date: '2024-01-01', amount: '1926.76', percent: '9' }],
            annualItems: annualItemsOf([[2025, 100_000n, 300_000n]]),
          }
          const months = input.months.slice()
          for (const [i, f] of edits) months[i] = f(monthAt(i))
          const later: TaxInput = {
            ...input,
            months,
            contributionsPaidOn: new Map(paid.map(([i, d]) => [monthAt(i), d])),
            ...(annual === null ? {} : { annualItems: annualItemsOf(annual) }),
            ...(social === null
              ? {}
              : { socialSecurity: [...input.socialSecurity, { date: social[0], amount: social[1], percent: '9' }] }),
            ...(form === null ? {} : { pit: [...input.pit, pitInput(form[0], { date: `${form[1]}-01-01` })] }),
          }
          expect(computeTaxesFrom(later, computeTaxesFrom(input, null)).result).toEqual(computeTaxes(later))
        },
      ),
      { numRuns: 200 },
    ))

  it('a change to March 2025 recomputes from March 2025; the same inputs recompute nothing', () => {
    const input = threeYears(200_000n, 'Linear')
    const months = input.months
    input.socialSecurity = [{ date: '2024-01-01', amount: '1926.76', percent: '4.9' }]
    const first = computeTaxesFrom(input, null)
    const changed = months.map((m) => (m.month === '2025-03' ? { ...m, companyRevenue: 2_000_000n } : m))
    let before = taxCounter.months
    const second = computeTaxesFrom({ ...input, months: changed }, first)
    expect(second.run.months[second.restartedAt]!.month).toBe('2025-03')
    // March 2025 through December 2026.
    expect(taxCounter.months - before).toBe(22)
    expect(second.result).toEqual(computeTaxes({ ...input, months: changed }))
    before = taxCounter.months
    const third = computeTaxesFrom({ ...input, months: changed }, second)
    expect(third.restartedAt).toBe(36)
    expect(taxCounter.months - before).toBe(0)
    // Quarterly VAT and PIT: the quarter holding March restarts from its first month.
    const quarterly: TaxInput = {
      ...input,
      vat: [{ date: '2024-01-01', percent: '23', paymentInterval: 3 }],
      pit: [pitInput('Linear', { date: '2024-01-01', paymentInterval: 3 })],
    }
    const q = computeTaxesFrom({ ...quarterly, months: changed }, computeTaxesFrom(quarterly, null))
    expect(q.run.months[q.restartedAt]!.month).toBe('2025-01')
    expect(q.result).toEqual(computeTaxes({ ...quarterly, months: changed }))
  })

  it('the year end settles the years from the change on, and the obligations are built only for what changed', () => {
    const input = threeYears(200_000n, 'Linear')
    input.socialSecurity = [{ date: '2024-01-01', amount: '1926.76', percent: '4.9' }]
    const first = computeTaxesFrom(input, null)
    /** The run restarted from the first one, what it cost, and that it equals a run from scratch. */
    const restart = (later: TaxInput) => {
      const [years, built, months] = [annualCounter.years, obligationCounter.built, taxCounter.months]
      const run = computeTaxesFrom(later, first)
      const cost = {
        years: annualCounter.years - years,
        obligations: obligationCounter.built - built,
        months: taxCounter.months - months,
      }
      expect(run.result).toEqual(computeTaxes(later))
      return { run, cost }
    }
    const edit = (month: YearMonthString) => ({
      ...input,
      months: input.months.map((m) => (m.month === month ? { ...m, companyRevenue: 2_000_000n } : m)),
    })
    // From the first month: 2023 (the contribution year ending in January 2024) through 2026, every obligation.
    const whole = restart(edit('2024-01'))
    expect(whole.cost).toEqual({ years: 4, obligations: whole.run.result.obligations.length, months: 36 })
    // May 2026: 2026 only; May through December of contributions, VAT and PIT, and no complete year.
    expect(restart(edit('2026-05')).cost).toEqual({ years: 1, obligations: 8 * 3, months: 8 })
    // A January belongs to the contribution year before: its health settlement is settled again.
    expect(restart(edit('2025-01')).cost).toMatchObject({ years: 3, months: 24 })
    // Typed items of 2025 settle 2025 and the years after it and recompute no month: only their year-end
    // obligations are built again, the rest kept.
    const typed = restart({ ...input, annualItems: new Map([[2025, { ...NO_ANNUAL_ITEMS, ikze: 500_000n }]]) })
    const yearEnd = typed.run.result.obligations.filter(
      (o) => (o.kind === 'PITAnnual' || o.kind === 'HealthAnnual') && o.periodFrom >= '2025-01',
    )
    expect(typed.cost).toEqual({ years: 2, obligations: yearEnd.length, months: 0 })
    expect(typed.run.result.obligations.length).toBeGreaterThan(100)
    expect(typed.run.result.annual.find((a) => a.year === 2025)!.items!.ikzeDeducted).toBe(500_000n)
  })

  it('a setting dated in 2025 recomputes from January 2025', () => {
    const input = threeYears(0n, 'Scale')
    const later = { ...input, pit: [...input.pit, pitInput('Linear', { date: '2025-06-01' })] }
    const run = computeTaxesFrom(later, computeTaxesFrom(input, null))
    expect(run.run.months[run.restartedAt]!.month).toBe('2025-01')
    expect(run.result).toEqual(computeTaxes(later))
  })
})
