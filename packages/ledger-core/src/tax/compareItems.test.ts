/**
 * The forms compared with the annual return's common items (docs/tax-rules.md §26): each form applies the items it
 * allows — IKZE on every form, joint filing and the child relief on the Scale only, a loss carried forward on the form
 * of the year it was incurred in (Scale from Scale, Linear from Linear, ryczałt from a year on the general rules).
 * Each case compares the same year with and without one item, so the difference is the item's own effect.
 */
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { pitInput } from '../testing/fixtures.ts'
import type { TaxType } from '../types.ts'
import { NO_ANNUAL_ITEMS, type AnnualItemsInput } from './annualItems.ts'
import { compareForms } from './compare.ts'
import type { MonthFigures, TaxInput } from './engine.ts'

const zl = (n: number) => BigInt(Math.round(n * 100))

/** 2025 on the Scale and 2026 on the Scale: 8 000 zł revenue and 1 000 zł costs a month, full ZUS. */
const input = (items?: Partial<AnnualItemsInput>): TaxInput => ({
  months: Array.from(
    { length: 25 },
    (_, i): MonthFigures => ({
      month: addMonthsToMonth('2025-01', i),
      companyRevenue: zl(8_000),
      companyCosts: zl(1_000),
      outputVat: 0n,
      inputVat: 0n,
    }),
  ),
  vat: [],
  pit: [pitInput('Scale', { date: '2025-01-01' })],
  socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'inMonth' }],
  company: { businessStartDate: '2025-01-01', vatRegistrationDate: null },
  ...(items ? { annualItems: new Map([[2026, { ...NO_ANNUAL_ITEMS, ...items }]]) } : {}),
})

const taxes = (items?: Partial<AnnualItemsInput>) => {
  const c = compareForms(input(items), 2026, { actualThrough: '2026-12', flatRate: '12' })
  return Object.fromEntries(c.scenarios.map((s) => [s.taxType, s])) as Record<TaxType, (typeof c.scenarios)[number]>
}
const without = taxes()
const drop = (withItem: ReturnType<typeof taxes>, t: TaxType) => without[t].tax - withItem[t].tax

describe('the forms compared apply the common items each form allows', () => {
  it('IKZE on every form: 10 000 zł less base — 1 200 on the Scale (12 %), 1 900 Linear (19 %), 1 200 ryczałt (12 %)', () => {
    const t = taxes({ ikze: zl(10_000) })
    expect([drop(t, 'Scale'), drop(t, 'Linear'), drop(t, 'Flat')]).toEqual([zl(1_200), zl(1_900), zl(1_200)])
    expect(t.Linear.annual.items?.ikzeDeducted).toBe(zl(10_000))
  })

  it('joint filing on the Scale only: a spouse without income halves the base; Linear and ryczałt refuse it', () => {
    const t = taxes({ spouse: { jointFiling: true, income: 0n, advances: 0n } })
    expect(drop(t, 'Scale')).toBeGreaterThan(0n)
    expect([drop(t, 'Linear'), drop(t, 'Flat')]).toEqual([0n, 0n])
    expect([t.Scale.annual.items?.jointRefused, t.Linear.annual.items?.jointRefused]).toEqual([false, true])
    expect(t.Flat.annual.items?.jointRefused).toBe(true)
  })

  it('the child relief on the Scale only: two children all year take 2 224.08 zł off the Scale tax', () => {
    const t = taxes({
      children: [
        { months: 12, disabled: false },
        { months: 12, disabled: false },
      ],
    })
    expect(t.Scale.annual.items?.childDeducted).toBe(zl(2_224.08))
    expect(drop(t, 'Scale')).toBeGreaterThanOrEqual(zl(2_224))
    expect(drop(t, 'Scale')).toBeLessThanOrEqual(zl(2_225))
    expect([drop(t, 'Linear'), drop(t, 'Flat')]).toEqual([0n, 0n])
    expect([t.Linear.annual.items?.childRefused, t.Flat.annual.items?.childRefused]).toEqual([true, true])
  })

  it('a 2025 Scale loss: deducted on the Scale and on ryczałt (a general-rules year), refused on Linear', () => {
    const t = taxes({ losses: [{ year: 2025, amount: zl(20_000), deductedBefore: 0n, oneOff: false }] })
    // At most 50 % of the loss a year: 10 000 zł.
    expect(drop(t, 'Scale')).toBe(zl(1_200))
    expect(drop(t, 'Flat')).toBe(zl(1_200))
    expect(drop(t, 'Linear')).toBe(0n)
    expect(t.Linear.annual.items?.losses[0]?.refusal).toBe('otherForm')
  })

  it('the total follows the tax: the cheapest form may change with the items', () => {
    const t = taxes({ ikze: zl(10_000) })
    for (const f of ['Scale', 'Linear', 'Flat'] as const) expect(t[f].total).toBe(t[f].social + t[f].health + t[f].tax)
  })
})

describe('the year-end report compares the forms with the items typed in', () => {
  it('the Linear scenario of the report deducts the IKZE typed for the year, as the return does', async () => {
    const { annualReport } = await import('../reports/annual.ts')
    const { runCommands } = await import('../testing/given.ts')
    const { income, itemAdded, pitSetting } = await import('../testing/fixtures.ts')
    const events = [
      { type: 'SettingAdded', data: { id: 100, kind: 'Pit', data: pitSetting() } },
      itemAdded(1, income({ date: '2026-06-10', amount: '50000.00' })),
    ] as Parameters<typeof runCommands>[1]
    const plain = annualReport(runCommands([], events).state, 2026, '2027-02-01').comparison!
    const typed = runCommands([{ type: 'SetAnnualInputs', data: { year: 2026, ikze: '2000.00' } }], events).state
    const withIkze = annualReport(typed, 2026, '2027-02-01').comparison!
    const tax = (c: typeof plain, t: TaxType) => Number(c.scenarios.find((s) => s.taxType === t)!.tax)
    // 19 % × 2 000 on Linear; the Scale's base is under the tax-free amount either way.
    expect(tax(plain, 'Linear') - tax(withIkze, 'Linear')).toBe(380)
    expect(withIkze.scenarios.find((s) => s.taxType === 'Linear')!.annual.items?.ikzeDeducted).toBe('2000.00')
  })
})
