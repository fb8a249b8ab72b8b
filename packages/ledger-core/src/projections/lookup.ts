/**
 * The projections' answers to what the decider asks about transactions (`BooksLookup`): a row as the books show it
 * now, and a tax period's due date. Asked only by the commands about a transaction, lazily.
 */
import { addMonthsToMonth } from '../calendar.ts'
import type { BooksLookup } from '../model/lookup.ts'
import type { BooksState } from '../model/state.ts'
import { taxesThrough } from './derived.ts'
import { findTransaction } from './month.ts'

export const transactionLookup = (state: BooksState): BooksLookup => ({
  transaction: (id) => findTransaction(state, id),
  taxDueDate: (id, to) => taxesThrough(state, addMonthsToMonth(to, 2))?.periodsById.get(id)?.period.dueDate ?? null,
})
