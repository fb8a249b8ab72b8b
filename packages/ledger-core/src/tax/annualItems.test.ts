/**
 * Golden worked examples of the annual return's common items (docs/tax-rules.md, "The annual return's common
 * items"): each case worked by hand in the docs, run through the year end (`settleYears`).
 */
import { describe, expect, it } from 'vitest'
import { type AnnualReturn, settleYears } from './annual.ts'
import type { AnnualItemsInput } from './annualItems.ts'
import { NO_ANNUAL_ITEMS } from './annualItems.ts'
import { annualItemsLimitsFor } from './rates/annualItems.ts'
import type { ContributionMonth, MonthFigures, PitSettingInput } from './engine.ts'
import type { TaxType } from '../types.ts'

const zl = (z: number) => BigInt(Math.round(z * 100))

const setting = (taxType: TaxType, firstPercent = taxType === 'Linear' ? '19' : '12'): PitSettingInput => ({
  date: '2020-01-01',
  taxType,
  firstPercent,
  secondPercent: null,
  freeOfTaxAmount: null,
  secondPercentAmount: null,
  paymentInterval: 1,
  deductions: null,
})

/** Twelve months of 2026 with the year's revenue and costs in June. */
const year2026 = (revenue: number, costs: number): MonthFigures[] =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    companyRevenue: i === 5 ? zl(revenue) : 0n,
    companyCosts: i === 5 ? zl(costs) : 0n,
    outputVat: 0n,
    inputVat: 0n,
  }))

/** One month's contributions paid in June 2026 (the refund's ceiling of art. 27f ust. 8). */
const paidInJune = (social: number, health: number): ContributionMonth =>
  ({
    month: '2026-06',
    configured: true,
    taxType: 'Scale',
    social: zl(social),
    labourFund: 0n,
    socialWithoutLabourFund: zl(social),
    health: zl(health),
    total: zl(social + health),
    paidOn: '2026-06-15',
  }) as ContributionMonth

const settle = (
  taxType: TaxType,
  revenue: number,
  costs: number,
  items: Partial<AnnualItemsInput>,
  options: { formOf?: (y: number) => TaxType; contributions?: ContributionMonth[]; flatRate?: string } = {},
): AnnualReturn => {
  const s = setting(taxType, options.flatRate)
  const r = settleYears({
    months: year2026(revenue, costs),
    contributions: options.contributions ?? [],
    pit: [],
    pitOfYear: (y) => (y === 2026 ? s : options.formOf ? setting(options.formOf(y)) : s),
    deductionsOf: () => 0n,
    annualItemsOf: (y) => (y === 2026 ? { ...NO_ANNUAL_ITEMS, ...items } : undefined),
  })
  return r.returns.find((a) => a.year === 2026)!
}

describe('a loss of earlier years (uPIT art. 9 ust. 3)', () => {
  it('deducts at most half of a year’s loss in one year', () => {
    // Income 120 000; a 2024 loss of 100 000 of which 30 000 was deducted in 2025: 70 000 left, at most 50 000.
    const a = settle('Scale', 200_000, 80_000, {
      losses: [{ year: 2024, amount: zl(100_000), deductedBefore: zl(30_000), oneOff: false }],
    })
    expect(a.items!.losses[0]).toMatchObject({ cap: zl(50_000), deducted: zl(50_000), refusal: null })
    expect(a.items!.lossDeducted).toBe(zl(50_000))
    expect(a.base).toBe(zl(70_000))
    expect(a.tax).toBe(zl(4_800)) // 12 % × 70 000 − 3 600 (10 800 without the loss)
  })

  it('deducts a loss once up to 5 000 000 zł, and refuses a Linear year’s loss on the Scale', () => {
    const a = settle(
      'Scale',
      200_000,
      80_000,
      {
        losses: [
          { year: 2025, amount: zl(80_000), deductedBefore: 0n, oneOff: true },
          { year: 2023, amount: zl(40_000), deductedBefore: 0n, oneOff: false },
        ],
      },
      { formOf: (y) => (y === 2023 ? 'Linear' : 'Scale') },
    )
    expect(a.items!.losses.map((l) => [l.year, l.deducted, l.refusal])).toEqual([
      [2023, 0n, 'otherForm'],
      [2025, zl(80_000), null],
    ])
    expect(a.base).toBe(zl(40_000))
    expect(a.tax).toBe(zl(1_200)) // 12 % × 40 000 − 3 600
  })

  it('never deducts more than the income, nor a loss older than five years', () => {
    const a = settle('Linear', 50_000, 40_000, {
      losses: [
        { year: 2020, amount: zl(30_000), deductedBefore: 0n, oneOff: false },
        { year: 2025, amount: zl(30_000), deductedBefore: 0n, oneOff: true },
      ],
    })
    expect(a.items!.losses.map((l) => [l.year, l.deducted, l.refusal])).toEqual([
      [2020, 0n, 'outsideWindow'],
      [2025, zl(10_000), null],
    ])
    expect(a.base).toBe(0n)
    expect(a.tax).toBe(0n)
  })
})

describe('IKZE payments (uPIT art. 26 ust. 1 pkt 2b; uZPD art. 11 ust. 1)', () => {
  it('deducts from Linear income up to the 2026 limit for a person running a business, 16 956.00 zł', () => {
    // 1.8 × the forecast average monthly wage of 2026, 9 420 zł (the same forecast gives the ZUS basis 5 652 zł).
    const a = settle('Linear', 150_000, 50_000, { ikze: zl(18_000) })
    expect(a.items).toMatchObject({ ikzePaid: zl(18_000), ikzeLimit: zl(16_956), ikzeDeducted: zl(16_956) })
    expect(a.base).toBe(zl(83_044)) // 100 000 − 16 956 = 83 044
    expect(a.tax).toBe(zl(15_778)) // 19 % × 83 044 = 15 778.36 (19 000 without)
    // 16 000 zł is within the limit and deducted whole: 84 000 × 19 % = 15 960.
    const within = settle('Linear', 150_000, 50_000, { ikze: zl(16_000) })
    expect(within.items!.ikzeDeducted).toBe(zl(16_000))
    expect(within.tax).toBe(zl(15_960))
  })

  it('takes the 2025 limit, 15 611.40 zł (1.8 × 8 673 zł), for 2025', () => {
    expect(annualItemsLimitsFor(2025).ikze.selfEmployedLimit).toBe(zl(15_611.4))
    expect(annualItemsLimitsFor(2026).ikze.selfEmployedLimit).toBe(zl(16_956))
  })

  it('deducts from ryczałt revenue', () => {
    const a = settle('Flat', 100_000, 0, { ikze: zl(10_000) }, { flatRate: '12' })
    expect(a.items!.ikzeDeducted).toBe(zl(10_000))
    expect(a.base).toBe(zl(90_000))
    expect(a.tax).toBe(zl(10_800))
  })
})

describe('joint filing with a spouse on the Scale (uPIT art. 6 ust. 2)', () => {
  it('taxes half the joint base and doubles it, which lowers a high earner’s tax', () => {
    const alone = settle('Scale', 200_000, 0, {})
    expect(alone.tax).toBe(zl(36_400)) // 10 800 + 32 % × 80 000
    const joint = settle('Scale', 200_000, 0, {
      spouse: { jointFiling: true, income: zl(20_000), advances: zl(1_000) },
    })
    expect(joint.items).toMatchObject({ joint: true, spouseIncome: zl(20_000), spouseAdvances: zl(1_000) })
    expect(joint.tax).toBe(zl(19_200)) // 2 × (12 % × 110 000 − 3 600)
    expect(joint.difference).toBe(zl(18_200)) // the spouse's advances count against the joint tax
  })

  it('is refused on Linear', () => {
    const a = settle('Linear', 200_000, 0, { spouse: { jointFiling: true, income: zl(20_000), advances: 0n } })
    expect(a.items).toMatchObject({ joint: false, jointRefused: true })
    expect(a.tax).toBe(zl(38_000))
  })
})

describe('the child relief (uPIT art. 27f)', () => {
  it('deducts 92.67 zł a month for each of two children from the Scale tax', () => {
    const a = settle('Scale', 60_000, 0, {
      children: [
        { months: 12, disabled: false },
        { months: 12, disabled: false },
      ],
    })
    expect(a.items).toMatchObject({ childRelief: zl(2_224.08), childDeducted: zl(2_224.08), childUnused: 0n })
    expect(a.items!.taxBeforeRelief).toBe(zl(3_600))
    expect(a.tax).toBe(zl(1_376)) // 3 600 − 2 224.08 = 1 375.92
  })

  it('refunds the part the tax was too small for, up to the contributions (art. 27f ust. 8)', () => {
    const a = settle(
      'Scale',
      40_000,
      0,
      {
        children: [
          { months: 12, disabled: false },
          { months: 12, disabled: false },
          { months: 6, disabled: false },
        ],
      },
      { contributions: [paidInJune(10_000, 1_000)] },
    )
    // Income 40 000 − social 10 000 = 30 000: no tax. Relief 2 × 1 112.04 + 6 × 166.67 = 3 224.10, all unused.
    expect(a.tax).toBe(0n)
    expect(a.items).toMatchObject({ childRelief: zl(3_224.1), childUnused: zl(3_224.1), childRefund: zl(3_224.1) })
    expect(a.refund).toBe(zl(3_224.1))
  })

  it('gives nothing for one child above the income limit of a single taxpayer, 56 000 zł', () => {
    const a = settle('Scale', 60_000, 0, { children: [{ months: 12, disabled: false }] })
    expect(a.items).toMatchObject({ childOverLimit: true, childRelief: 0n, childIncomeLimit: zl(56_000) })
    expect(a.tax).toBe(zl(3_600))
    const married = settle('Scale', 60_000, 0, {
      children: [{ months: 12, disabled: false }],
      spouse: { jointFiling: false, income: zl(40_000), advances: 0n },
    })
    // 60 000 + 40 000 ≤ 112 000: the relief is given.
    expect(married.items).toMatchObject({ childOverLimit: false, childRelief: zl(1_112.04) })
    expect(married.tax).toBe(zl(2_488)) // 3 600 − 1 112.04 = 2 487.96
  })
})
