/**
 * The summary's rows as docs/tax-rules.md §12 defines them: the company's net is net revenue less net costs, PIT and
 * ZUS; the month's VAT payment is shown but is not a cost, since the VAT it settles was collected on top of the net
 * amounts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { foldBooks } from '../deciders/books.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import { moneyArb } from '../testing/arbitraries.ts'
import { scalePitSetting } from '../testing/fixtures.ts'
import { type CommandInput, cmd, runCommands } from '../testing/given.ts'
import { summaryList } from './summary.ts'

const manual = (eventType: string, amount: string, percent = '0', isCompany = true): CommandInput => ({
  type: 'AddManualTransaction',
  data: { date: '2026-11-10', name: eventType, amount, eventType, percent, isCompany },
})

describe('the company net of the summary', () => {
  it('does not subtract the VAT payment from net amounts (15 000 net revenue, 8 100 net costs in November)', () => {
    const { state } = runCommands([
      manual('1_Revenue', '15000', '23'),
      manual('2_Fee', '8100', '23'),
      manual('3_Vat', '2967'),
      manual('4_Pit', '1981'),
      manual('5_SocialSecurity', '2469.35'),
    ])
    const november = summaryList(state, 2026, false)[10]!
    expect(november).toMatchObject({
      month: 11,
      companyIncomeAmmount: '15000.00',
      companyVatAmmount: '2967.00',
      companyPitAmmount: '1981.00',
      companySocialSecurityAmmount: '2469.35',
      companyExpenseAmmount: '8100.00',
      // 15 000 − 8 100 − 1 981 − 2 469.35; the VAT payment was −517.35 when subtracted as well
      companysNetIncome: '2449.65',
      summary: '2449.65',
    })
  })

  const settings: CommandInput[] = [
    { type: 'AddSetting', kind: 'Vat', data: { date: '2025-01-01', percent: '23', paymentInterval: 1 } },
    { type: 'AddSetting', kind: 'Pit', data: scalePitSetting({ date: '2025-01-01' }) },
    { type: 'AddSetting', kind: 'SocialSecurity', data: { date: '2025-01-01', amount: '1773.96', percent: '9' } },
  ]
  const itemArb = fc.record({
    dataType: fc.constantFrom('Income', 'RecurringIncome', 'Expense', 'RecurringExpense'),
    date: fc.integer({ min: 1, max: 12 }).map((m) => `2026-${String(m).padStart(2, '0')}-15`),
    amount: moneyArb,
    repetitions: fc.integer({ min: 1, max: 14 }),
  })
  const rateArb = fc.constantFrom('0', '5', '8', '23')
  const run = (commands: readonly CommandInput[]): BooksState => {
    let state = foldBooks([])
    for (const c of commands) {
      const r = decide(cmd(c), state)
      if (isDomainError(r)) throw new Error(`${c.type}: ${JSON.stringify(r)}`)
      state = foldBooks(r, state)
    }
    return state
  }

  it('is the same whatever the VAT of items whose amounts are net (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(itemArb, rateArb, rateArb), { minLength: 1, maxLength: 8 }), (items) => {
        const books = (pick: 1 | 2) =>
          run([
            ...settings,
            ...items.map(
              ([it, a, b]): CommandInput => ({
                type: 'AddItem',
                dataType: it.dataType as 'Income',
                data: {
                  date: it.date,
                  name: 'Item',
                  amount: it.amount,
                  isCompany: true,
                  percent: pick === 1 ? a : b,
                  invoiceDate: it.date,
                  ...(it.dataType.startsWith('Recurring') ? { repetitions: it.repetitions } : {}),
                },
              }),
            ),
          ])
        const one = summaryList(books(1), 2026, false)
        const two = summaryList(books(2), 2026, false)
        one.forEach((row, i) => {
          expect(row.companysNetIncome).toBe(two[i]!.companysNetIncome)
          expect(row.summary).toBe(two[i]!.summary)
        })
      }),
      { numRuns: 60 },
    )
  })
})
