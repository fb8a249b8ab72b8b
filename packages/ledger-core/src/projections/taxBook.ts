/**
 * The tax books as a projection: the KPiR (podatkowa księga przychodów i rozchodów) of a Scale or Linear trader and
 * the ewidencja przychodów of a ryczałt trader, built from the same item occurrences the tax engine taxes. Legal
 * basis of every column and rule: docs/tax-rules.md §7.
 *
 * - One entry per company occurrence of an item (private items and expenses marked "not a cost" stay outside), in
 *   the month the engine taxes it for PIT (`pitDate`: the revenue date or the cost date, tax/taxPoint.ts), dated
 *   that day. A year's book is the KPiR unless the PIT
 *   setting governing the tax year is ryczałt (Flat), the engine's rule for the form of taxation.
 * - Amounts go to the columns of the item's `kpirColumn` (revenue 7 or 8; costs 10, 11, 12, 13, 15; research and
 *   development costs in 13 and, for the relief, again in 16); ryczałt revenue to the column of its rate (the item's
 *   `flatRate`, else the rate of the PIT setting governing the year).
 * - Entries are numbered from 1 each year, per book, in order of their date.
 * - A month's book closes at the end of the day the entries for it are due: the 20th of the next month, moved to
 *   the next working day. An entry of a closed month never changes: a change recorded later (an edit, a deletion,
 *   an item added for a closed month, a new rate) is entered as a correcting entry in the month it is recorded,
 *   dated that day, carrying the difference column by column and naming the entry it corrects.
 * - Months that had closed before the first item was recorded (the history a new user enters) are not closed by
 *   Finance: their entries follow the items as they are now.
 *
 * Closing is decided by the events alone (each carries the moment it was recorded), never by the clock: the book
 * of a history is the same whenever it is read. `taxBook(state, year)` without a history treats every change as
 * recorded in time (nothing to correct); `bookHistory(events)` applies the closing rule.
 */
export {
  describeGenerated,
  type GeneratedDescription,
  generatedDescription,
} from './taxBook/descriptions.ts'
export { RATE_ORDER } from './taxBook/ewp.ts'
export { BookHistory, bookHistory, taxBook } from './taxBook/history.ts'
export { KPIR_LAYOUTS, type KpirLayoutId, kpirLayoutOf } from './taxBook/kpirLayouts.ts'
export {
  type BookKind,
  type BookMonth,
  bookClosingDay,
  type EntryKind,
  type EntryRef,
  type EntrySource,
  type EwpRow,
  type EwpTotals,
  KPIR_AMOUNT_COLUMNS,
  type KpirAmountColumn,
  type KpirRow,
  type KpirTotals,
  polishDayOf,
  type TaxBook,
} from './taxBook/types.ts'
