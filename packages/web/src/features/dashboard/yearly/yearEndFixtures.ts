/**
 * The year-end stories' and tests' figures, computed by the engine from events so they cannot drift from it: a
 * small builder runs commands through the core's deciders into events, folds them into books, and asks the same
 * functions the API asks (`annualReport` for `transaction/annual/{year}`, `monthTransactions` for a month's rows).
 */
import {
  annualReport,
  decide,
  foldBooks,
  ITEM_DEFAULTS,
  isDomainError,
  type AnnualReport,
  type BooksState,
  type LedgerCommand,
  type LedgerEvent,
  monthTransactions,
  type TransactionDto,
} from '@finance/ledger-core'

type Command = LedgerCommand extends infer C ? (C extends unknown ? Omit<C, 'at' | 'userId'> : never) : never

/** The events the deciders emit for `commands`, in order; a refused command is a broken fixture, so it throws. */
export const eventsOf = (commands: readonly Command[]): LedgerEvent[] => {
  const events: LedgerEvent[] = []
  let state: BooksState = foldBooks([])
  for (const c of commands) {
    const result = decide({ at: '2025-01-01T08:00:00.000Z', userId: 'story', ...c } as LedgerCommand, state)
    if (isDomainError(result)) throw new Error(`${c.type} refused: ${JSON.stringify(result)}`)
    events.push(...result)
    state = foldBooks(result, state)
  }
  return events
}

/** A company item of `amount` zł without VAT, repeated monthly `months` times from `date`. */
const monthly = (date: string, name: string, amount: string, months: number) => ({
  ...ITEM_DEFAULTS,
  date,
  name,
  amount,
  isCompany: true,
  percent: '0',
  invoiceDate: null,
  repetitions: months,
})

/**
 * A Scale taxpayer from 1 January 2025 (12 %, monthly advances), full ZUS of 1 773,96 zł with 9 % health paid by
 * each deadline, 15 000 zł of revenue and 3 000 zł of costs (no VAT) every month for two years.
 */
export const scaleTaxpayerEvents = (): LedgerEvent[] =>
  eventsOf([
    {
      type: 'AddSetting',
      kind: 'Pit',
      data: {
        date: '2025-01-01',
        taxType: 'Scale',
        firstPercent: '12',
        secondPercent: null,
        freeOfTaxAmount: null,
        secondPercentAmount: null,
        paymentInterval: 1,
        deductions: '0.00',
      },
    },
    {
      type: 'AddSetting',
      kind: 'SocialSecurity',
      data: { date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'byDeadline' },
    },
    { type: 'AddItem', dataType: 'RecurringIncome', data: monthly('2025-01-10', 'Client', '15000', 24) },
    { type: 'AddItem', dataType: 'RecurringExpense', data: monthly('2025-01-12', 'Office', '3000', 24) },
  ])

const books = foldBooks(scaleTaxpayerEvents())

/** The year-end report of 2025 as the API answers it on 21 May 2026, after both settlements' deadlines. */
export const yearEnd2025: AnnualReport = annualReport(books, 2025, '2026-05-21')

/** The year-end report of 2026 on 10 March 2026: the months from April projected. */
export const yearEnd2026: AnnualReport = annualReport(books, 2026, '2026-03-10')

/** The year-end rows of the monthly dashboard on 21 May 2026: April's PIT-36 for 2025, May's health settlement. */
export const yearEndRows: TransactionDto[] = [
  ...monthTransactions(books, '2026-04', '2026-05-21').filter((t) => t.id === 'pit-annual-2025'),
  ...monthTransactions(books, '2026-05', '2026-05-21').filter((t) => t.id === 'health-annual-2025'),
]
