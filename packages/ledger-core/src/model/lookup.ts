/**
 * What the deciders ask of the books' views about a transaction: an interface of the model, answered by the
 * projections (`projections/lookup.ts`, `transactionLookup`) and joined to the deciders by `decide.ts`, so neither
 * imports the other.
 */
import type { TransactionId } from '../identity.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'
import type { TransactionFlagsState } from './state.ts'

/** A transaction's row as the books show it now, with the user's flags of it (`null`: none). */
export interface TransactionFacts {
  readonly row: TransactionRow
  readonly flags: TransactionFlagsState | null
}

/** What the commands about a transaction ask of the books' views (the projections answer: `transactionLookup`). */
export interface BooksLookup {
  /** The live or hidden row a transaction id names (an identity, a manual row's or a frozen-month row's id), or null. */
  readonly transaction: (id: unknown) => TransactionFacts | null
  /** The due date of the tax period `id` whose last month is `to`, or null when the books have no such period. */
  readonly taxDueDate: (id: TransactionId, to: YearMonthString) => LocalDateString | null
}
