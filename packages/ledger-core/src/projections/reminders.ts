/**
 * Which transactions a reminder e-mail is due for, from the current books: every row with the notification on that
 * still has something to pay (or to receive), once per amount owed —
 *
 * - an open row (not completed) due from `today` through `lastDay`, until its reminder went out;
 * - a completed row whose amount grew after it was paid: one reminder for the remainder, also when the due date has
 *   passed (the back-dated invoice that raised last month's VAT is already late).
 *
 * Only rows the user switched the notification on for are looked at (their flags), so the cost does not grow with
 * the books.
 */
import type { BooksState } from '../model/state.ts'
import { formatMoney } from '../money.ts'
import type { TransactionDto } from '../schemas/transaction.ts'
import type { LocalDateString, MoneyString } from '../types.ts'
import { findTransaction, outstandingOf, toTransactionDto } from './month.ts'

export interface ReminderDue {
  readonly transaction: TransactionDto
  /** What the e-mail asks for: the row's sum, or the remainder of a completed row. */
  readonly amount: MoneyString
  /** `true` for the remainder of a completed row whose amount grew. */
  readonly remainder: boolean
  readonly dueDate: LocalDateString
}

export const remindersDue = (
  state: BooksState,
  { today, lastDay }: { today: LocalDateString; lastDay: LocalDateString },
): ReminderDue[] => {
  const out: ReminderDue[] = []
  for (const f of state.flags.values()) {
    if (!f.notification || f.hidden) continue
    if (f.completed ? f.remainderReminded : f.notificationCompleted) continue
    const found = findTransaction(state, f.id)
    if (!found || found.flags?.hidden) continue
    const owed = outstandingOf(found.row, found.flags)
    if (owed <= 0n) continue
    const transaction = toTransactionDto(found.row, found.flags, today)
    const dueDate = transaction.dataObject.dueDate ?? transaction.date
    if (dueDate > lastDay || (!f.completed && dueDate < today)) continue
    out.push({ transaction, amount: formatMoney(owed), remainder: f.completed, dueDate })
  }
  return out.sort((a, b) =>
    a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.transaction.id < b.transaction.id ? -1 : 1,
  )
}
