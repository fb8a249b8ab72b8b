/**
 * What is left to pay on a transaction's row given the user's flags: the decider records reminders and completions
 * with it, and the projections show it. Below both (it needs only a row and its flags).
 */
import { formatMoney, parseMoney } from '../money.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { MoneyString } from '../types.ts'
import type { TransactionFlagsState } from './state.ts'

/** `sum − paid` of a completed row; `null` when not completed. A completion of unknown amount paid the sum. */
export const remainingOf = (row: TransactionRow, flags: TransactionFlagsState | null): MoneyString | null => {
  if (!flags?.completed) return null
  if (flags.paidAmount === null) return '0.00'
  return formatMoney(parseMoney(row.dataObject.sum) - parseMoney(flags.paidAmount))
}

/** What is still to pay (or to receive) on a row: its sum while open, a positive remainder once completed. */
export const outstandingOf = (row: TransactionRow, flags: TransactionFlagsState | null): bigint => {
  if (!flags?.completed) return parseMoney(row.dataObject.sum)
  if (flags.paidAmount === null) return 0n
  const r = parseMoney(row.dataObject.sum) - parseMoney(flags.paidAmount)
  return r > 0n ? r : 0n
}
