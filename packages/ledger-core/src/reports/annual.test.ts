import { describe, expect, it } from 'vitest'
import { parseMoney } from '../money.ts'
import { income, scaleYearCommands } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { annualReport } from './annual.ts'

/** The golden Scale 2025 year through the books (and into February 2026), plus a private expense. */
const books = () =>
  runCommands([
    ...scaleYearCommands(14),
    {
      type: 'AddItem',
      dataType: 'Expense',
      data: income({ date: '2025-03-01', name: 'Lunch', amount: '99', isCompany: false }),
    },
  ])

describe('annualReport', () => {
  it('gives the return, the health settlement and their obligations as money strings', () => {
    const r = annualReport(books().state, 2025, '2026-05-21')
    expect(r.annualReturn).toMatchObject({
      form: 'PIT-36',
      base: '124486.00',
      tax: '12236.00',
      advances: '12236.00',
      toPay: '0.00',
      dueDate: '2026-04-30',
    })
    expect(r.healthSettlement).toMatchObject({ year: 2025, due: '11203.78', paid: '11203.74', toPay: '0.04' })
    expect(
      r.obligations.map((o) => [o.kind, o.periodFrom, o.periodTo, o.amount, o.dueDate, o.completed, o.overdue]),
    ).toEqual([['HealthAnnual', '2025-02', '2026-01', '0.04', '2026-05-20', false, true]])
    expect(r.comparison?.scenarios.map((s) => [s.taxType, s.total, s.current])).toEqual([
      ['Scale', '44727.30', true],
      ['Linear', '49998.36', false],
      // Never on ryczałt: 8.5 % assumed.
      ['Flat', r.comparison?.scenarios[2]?.total, false],
    ])
    // 8.5 % of 180000 less the deductions is below the Scale's tax and health, but 8.5 % is only assumed: ryczałt is
    // shown, never called the cheapest, until the user says their rate.
    expect(parseMoney(r.comparison!.scenarios[2]!.total)).toBeLessThan(parseMoney('44727.30'))
    expect(r.comparison).toMatchObject({ flatRate: '8.5', flatRateAssumed: true, cheapest: 'Scale' })
    const chosen = annualReport(books().state, 2025, '2026-05-21', { flatRate: '8.5' })
    expect(chosen.comparison).toMatchObject({ flatRate: '8.5', flatRateAssumed: false, cheapest: 'Flat' })
    expect(r.projected).toBe(false)
    expect(r.comparison?.months.every((m) => !m.projected)).toBe(true)
    expect(r.ratesFallback).toBe(false)
  })

  it('projects the rest of a year in progress from the scheduled items', () => {
    const r = annualReport(books().state, 2026, '2026-01-20', { flatRate: '12' })
    expect(r.comparison?.months.map((m) => [m.month, m.revenue, m.projected])).toEqual([
      ['2026-01', '15000.00', false],
      ['2026-02', '15000.00', true],
      ...Array.from({ length: 10 }, (_, i) => [`2026-${String(i + 3).padStart(2, '0')}`, '0.00', true]),
    ])
    expect(r.comparison?.flatRate).toBe('12')
    // The year is not over: every figure is a preview from the months still to come.
    expect(r.projected).toBe(true)
    expect(r.annualReturn).toMatchObject({ year: 2026, revenue: '30000.00' })
  })

  it("compares the forms with the contributions' payment days the return uses", () => {
    // November's and December's contributions paid on 5 January 2026: deducted in 2026, not in 2025 (§8.1).
    const { state } = runCommands(
      ['2025-11', '2025-12'].map((month) => ({
        type: 'SetTransactionFlags' as const,
        at: '2026-03-01T10:00:00.000Z',
        id: `zus-${month}`,
        completed: true,
        paidOn: '2026-01-05',
      })),
      books().events,
    )
    const r = annualReport(state, 2025, '2026-05-21')
    // One month less deducted than by the deadline (124 486.00): November's 1 773.96 less its Fundusz Pracy.
    expect(r.annualReturn).toMatchObject({ base: '126260.00', tax: '12803.00' })
    const current = r.comparison!.scenarios.find((s) => s.current)!
    expect(current.annual).toMatchObject({ base: '126260.00', tax: '12803.00' })
    expect(current.health).toBe(r.healthSettlement!.due)
  })

  it('is empty for empty books', () => {
    const r = annualReport(runCommands([]).state, 2026, '2026-01-20')
    expect(r).toMatchObject({ annualReturn: null, healthSettlement: null, obligations: [], comparison: null })
  })
})
