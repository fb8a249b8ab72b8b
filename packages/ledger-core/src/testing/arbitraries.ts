/**
 * fast-check arbitraries: random but valid command sequences, and a canonical snapshot of books for equality.
 */
import fc from 'fast-check'
import type { BooksState } from '../model/state.ts'
import { canonicalJson } from '../deciders/books.ts'
import type { CommandInput } from './given.ts'

const day = fc.integer({ min: 1, max: 31 })
const month = fc.integer({ min: 1, max: 12 })
const year = fc.integer({ min: 2025, max: 2026 })
const pad = (n: number) => String(n).padStart(2, '0')
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

export const dateArb = fc.tuple(year, month, day).map(([y, m, d]) => `${y}-${pad(m)}-${pad(Math.min(d, daysIn(y, m)))}`)
export const monthArb = fc.tuple(year, month).map(([y, m]) => `${y}-${pad(m)}`)
/** Grosze 0 … 1 000 000.00 zł as a decimal string with two decimals. */
export const moneyArb = fc.bigInt({ min: 0n, max: 100_000_000n }).map((g) => `${g / 100n}.${pad(Number(g % 100n))}`)
export const percentArb = fc.constantFrom('0', '5', '8', '8.5', '23')

/** A social-security setting: a full ZUS amount of the table (Fundusz Pracy in it) or a preferential one. */
export const socialSecurityArb = (amounts: readonly string[] = ['1926.76', '456.18']) =>
  fc.record({ date: dateArb, amount: fc.constantFrom(...amounts), percent: fc.constantFrom('9', '4.9') })

export const itemDataArb = fc.record({
  date: dateArb,
  name: fc.constantFrom('Invoice', 'Rent', 'Fuel', 'Phone'),
  amount: moneyArb,
  isCompany: fc.boolean(),
  percent: percentArb,
  invoiceDate: fc.option(dateArb, { nil: null }),
  repetitions: fc.integer({ min: 1, max: 14 }),
})

const itemType = fc.constantFrom('Income', 'RecurringIncome', 'Expense', 'RecurringExpense' as const)
const id = fc.integer({ min: 1, max: 40 })
/** A transaction id that often names a row of small books: an item's occurrence, a tax period, a low number. */
export const transactionIdArb = fc.oneof(
  fc.tuple(id, monthArb).map(([i, m]) => `i${i}-${m}`),
  fc.tuple(fc.constantFrom('vat', 'pit', 'zus'), monthArb).map(([k, m]) => `${k}-${m}`),
  id.map(String),
)

/** One command that may or may not succeed on the current books (errors are simply skipped by the runner). */
export const commandArb: fc.Arbitrary<CommandInput> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('AddItem' as const), dataType: itemType, data: itemDataArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('UpdateItem' as const), dataType: itemType, id, data: itemDataArb }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('DeleteItem' as const), id }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('AddSetting' as const),
      kind: fc.constant('Vat' as const),
      data: fc.record({ date: dateArb, percent: percentArb, paymentInterval: fc.constantFrom(1, 3) }),
    }),
  },
  {
    weight: 1,
    // Sales exempt (zw: purchases deduct nothing) or outside Poland (np) from a day.
    arbitrary: fc.record({
      type: fc.constant('AddSetting' as const),
      kind: fc.constant('Vat' as const),
      data: fc.oneof(
        fc.record({
          date: dateArb,
          percent: fc.constant('zw'),
          exemptionBasis: fc.constantFrom('art113', 'art43'),
          paymentInterval: fc.constant(1),
        }),
        fc.record({ date: dateArb, percent: fc.constant('np'), paymentInterval: fc.constant(1) }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('AddSetting' as const),
      kind: fc.constant('Pit' as const),
      data: fc.record({
        date: dateArb,
        taxType: fc.constantFrom('Flat', 'Linear', 'Scale'),
        firstPercent: fc.constantFrom('12', '19', '8.5'),
        paymentInterval: fc.constantFrom(1, 3),
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('AddSetting' as const),
      kind: fc.constant('SocialSecurity' as const),
      data: socialSecurityArb(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('SetTransactionFlags' as const),
      id: transactionIdArb,
      completed: fc.boolean(),
      notification: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('AddManualTransaction' as const),
      data: fc.record({
        date: dateArb,
        name: fc.constant('Cash'),
        amount: moneyArb,
        eventType: fc.constantFrom('1_Revenue', '2_Fee'),
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('DeleteTransaction' as const), id: transactionIdArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('ResetMonth' as const), month: monthArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('RecordReminderSent' as const), id: transactionIdArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('AcceptFromEmail' as const), id: transactionIdArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('SetVatRefund' as const),
      month: monthArb,
      refund: fc.option(
        fc.record({
          amount: fc.option(fc.integer({ min: 1, max: 5000 }).map((zl) => `${zl}.00`)),
          term: fc.constantFrom('days25', 'days60', 'days180'),
          offset: fc.constant(null),
        }),
      ),
    }),
  },
)

export const commandsArb = fc.array(commandArb, { minLength: 1, maxLength: 40 })

/** A canonical, comparable rendering of books (maps sorted by key). */
export const booksSnapshot = (s: BooksState): string =>
  canonicalJson({
    nextId: s.nextId,
    records: [...s.records.entries()].sort(([a], [b]) => a - b),
    manual: [...s.manual.entries()].sort(([a], [b]) => a - b),
    flags: [...s.flags.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    legacyIds: [...s.legacyIds.entries()].sort(([a], [b]) => a - b),
    legacyMonths: [...s.legacyMonths.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    assets: [...s.assets.entries()].sort(([a], [b]) => a - b),
    inventories: [...s.inventories.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    vatRefunds: [...(s.vatRefunds ?? new Map()).entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
  })
