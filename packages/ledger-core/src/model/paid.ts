/**
 * What is left to pay on a transaction's row given the user's flags: the decider records reminders and completions
 * with it, and the projections show it. Below both (it needs only a row and its flags).
 */
import { formatMoney, parseMoney } from '../money.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { MoneyString } from '../types.ts'
import type { TransactionFlagsState } from './state.ts'

/** A row still open on which bank lines paid part (`paidAmount` while not completed). */
export const isPartlyPaid = (flags: TransactionFlagsState | null): boolean =>
  flags !== null && !flags.completed && flags.paidAmount !== null

/**
 * `sum − paid` of a completed or partly paid row; `null` when nothing is paid. A completion of unknown amount paid
 * the sum.
 */
export const remainingOf = (row: TransactionRow, flags: TransactionFlagsState | null): MoneyString | null => {
  if (!flags?.completed && !isPartlyPaid(flags)) return null
  if (flags!.paidAmount === null) return '0.00'
  return formatMoney(parseMoney(row.dataObject.sum) - parseMoney(flags!.paidAmount))
}

/**
 * What is still to pay (or to receive) on a row: its sum while open, less what a partial payment paid; a positive
 * remainder once completed.
 */
export const outstandingOf = (row: TransactionRow, flags: TransactionFlagsState | null): bigint => {
  if (!flags?.completed && !isPartlyPaid(flags)) return parseMoney(row.dataObject.sum)
  if (flags!.paidAmount === null) return 0n
  const r = parseMoney(row.dataObject.sum) - parseMoney(flags!.paidAmount)
  return r > 0n ? r : 0n
}
