/**
 * Every VAT / PIT / ZUS payment the user owes (the tax engine's obligations: amount > 0, complete periods), with
 * its period, amount, working-day due date, paid state and overdue flag. `transactionId` is the obligation's
 * identity (`vat-2026-01`, `pit-2026-Q1`, `zus-2026-01`), the id of its row on the monthly dashboard of the due
 * month; paid = that row's completed flag, and a payment that was completed before the amount grew keeps its
 * paid amount and shows the remainder; a partial payment (bank lines paying less than the amount) leaves it open with
 * the amount paid and the remainder. Overdue = something still to pay and due before `today`.
 * With `year`, only obligations **due** in that year (December's PIT and Q4 fall into the next year's list).
 */
import type { BooksState } from '../model/state.ts'
import { type TransactionId, taxObligationId } from '../identity.ts'
import { formatMoney, parseMoney } from '../money.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { addMonthsToMonth } from '../calendar.ts'
import type { Obligation } from '../tax/engine.ts'
import { derive, taxesThrough } from './derived.ts'

export interface ObligationDto {
  readonly kind: Obligation['kind']
  readonly periodFrom: YearMonthString
  readonly periodTo: YearMonthString
  readonly amount: MoneyString
  readonly statutoryDueDate: LocalDateString
  readonly dueDate: LocalDateString
  readonly transactionId: TransactionId
  readonly completed: boolean
  /**
   * The amount paid when the obligation was completed; while not completed, what bank lines paid towards it so far
   * (partly paid), else `null`.
   */
  readonly paidAmount: MoneyString | null
  /**
   * `amount − paidAmount` of a completed or partly paid obligation (`"0.00"` when paid in full); `null` when nothing
   * is paid.
   */
  readonly remainingAmount: MoneyString | null
  readonly overdue: boolean
}

export const obligations = (
  state: BooksState,
  { year, today }: { year?: number; today: LocalDateString },
): ObligationDto[] => {
  // Without a year: every obligation through three months after the books' last month (its quarter's taxes).
  const last = derive(state).lastMonth
  const through =
    year !== undefined
      ? `${String(year).padStart(4, '0')}-12`
      : last === null || today.slice(0, 7) > addMonthsToMonth(last, 3)
        ? today.slice(0, 7)
        : addMonthsToMonth(last, 3)
  const taxes = taxesThrough(state, through)
  if (!taxes) return []
  const out: ObligationDto[] = []
  for (const o of taxes.result.obligations) {
    if (year !== undefined && Number(o.dueDate.slice(0, 4)) !== year) continue
    if (year === undefined && o.dueDate.slice(0, 7) > through) continue
    const transactionId = taxObligationId(o.kind, o.periodFrom, o.periodTo)
    const flags = state.flags.get(transactionId)
    const completed = flags?.completed ?? false
    const paid = completed ? (flags?.paidAmount ?? formatMoney(o.amount)) : (flags?.paidAmount ?? null)
    const remaining = paid === null ? null : o.amount - parseMoney(paid)
    out.push({
      kind: o.kind,
      periodFrom: o.periodFrom,
      periodTo: o.periodTo,
      amount: formatMoney(o.amount),
      statutoryDueDate: o.statutoryDueDate,
      dueDate: o.dueDate,
      transactionId,
      completed,
      paidAmount: paid,
      remainingAmount: remaining === null ? null : formatMoney(remaining),
      overdue: (!completed || (remaining !== null && remaining > 0n)) && o.dueDate < today,
    })
  }
  return out
}
