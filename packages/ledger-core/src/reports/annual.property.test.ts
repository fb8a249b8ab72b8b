/**
 * The year-end report shows the annual return and, beside it, the forms compared. The column of the form the user
 * chose must be that return, whatever the items and whenever the contributions were paid: both come from the same
 * engine with the same inputs (docs/tax-rules.md §9).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateArb, itemDataArb } from '../testing/arbitraries.ts'
import { pitSetting, ssSetting } from '../testing/fixtures.ts'
import { type CommandInput, runCommands } from '../testing/given.ts'
import { annualReport } from './annual.ts'

/** After every payment day the arbitraries make (a payment day may not be later than the command's day). */
const LATER = '2030-01-15T10:00:00.000Z'

const formArb = fc.constantFrom(
  { taxType: 'Scale', firstPercent: '12', health: '9' },
  { taxType: 'Linear', firstPercent: '19', health: '4.9' },
  { taxType: 'Flat', firstPercent: '8.5', health: '9' },
  { taxType: 'Flat', firstPercent: '12', health: '9' },
)

const booksArb = fc.record({
  form: formArb,
  amount: fc.constantFrom('1926.76', '1773.96', '456.18'),
  contributionsPaid: fc.constantFrom('inMonth', 'byDeadline'),
  items: fc.array(
    fc.record({
      dataType: fc.constantFrom('Income', 'RecurringIncome', 'Expense', 'RecurringExpense'),
      data: itemDataArb,
    }),
    { minLength: 1, maxLength: 8 },
  ),
  /** ZUS rows of 2025 marked paid, late or early, on any day of 2025–2026. */
  payments: fc.array(fc.record({ month: fc.integer({ min: 1, max: 12 }), paidOn: dateArb }), { maxLength: 6 }),
})

describe('the forms compared', () => {
  it("show the chosen form's return as the return itself", () => {
    fc.assert(
      fc.property(booksArb, ({ form, amount, contributionsPaid, items, payments }) => {
        const commands: CommandInput[] = [
          {
            type: 'AddSetting',
            kind: 'Pit',
            data: pitSetting({ date: '2025-01-01', taxType: form.taxType, firstPercent: form.firstPercent }),
          },
          {
            type: 'AddSetting',
            kind: 'SocialSecurity',
            data: ssSetting({ date: '2025-01-01', amount, percent: form.health, contributionsPaid }),
          },
          ...items.map(({ dataType, data }) => ({ type: 'AddItem', dataType, data }) as CommandInput),
          ...payments.map(
            ({ month, paidOn }) =>
              ({
                type: 'SetTransactionFlags',
                at: LATER,
                id: `zus-2025-${String(month).padStart(2, '0')}`,
                completed: true,
                paidOn,
              }) as CommandInput,
          ),
        ]
        const { state } = runCommands(commands)
        const r = annualReport(state, 2025, '2027-06-01')
        const chosen = r.comparison!.scenarios.find((s) => s.current)!
        const { annual } = chosen
        expect([annual.base, annual.tax, annual.advances, annual.toPay]).toEqual([
          r.annualReturn!.base,
          r.annualReturn!.tax,
          r.annualReturn!.advances,
          r.annualReturn!.toPay,
        ])
        expect(chosen.health).toBe(r.healthSettlement?.due ?? '0.00')
      }),
      { numRuns: 200 },
    )
  })
})
