/**
 * The refund of a VAT excess as the API (`vat/refund/{month}`) and the CLI (`finance vat refund`) show it: the
 * request kept under a month and what the period it belongs to allows (docs/tax-rules.md §34).
 */
import { formatMoney, parseMoney } from '../money.ts'
import { normalizeWholeZloty } from '../schemas/normalize.ts'
import type { BooksState } from '../model/state.ts'
import type { VatRefund } from '../schemas/vatRefund.ts'
import { vatRefundDeadline } from '../tax/vatRefund.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { vatFiling } from './vatRegister.ts'

export interface VatRefundView {
  readonly month: YearMonthString
  /** The request kept under `month`, or `null`. */
  readonly refund: VatRefund | null
  /** The period `month` belongs to, or `null` when the books have none. */
  readonly period: {
    readonly from: YearMonthString
    readonly to: YearMonthString
    readonly complete: boolean
    /** The declaration's due date. */
    readonly dueDate: LocalDateString
    /** The month whose request the period's declaration takes (another month of a quarter may hold it). */
    readonly requestMonth: YearMonthString | null
    /** P_53, P_54, P_60 and P_62. */
    readonly excess: MoneyString
    readonly refunded: MoneyString
    readonly offsetApplied: MoneyString
    readonly carried: MoneyString
    /** The term's last day for a declaration filed on its due date; `null` without a request. */
    readonly lastDay: LocalDateString | null
  } | null
}

export const vatRefundView = (state: BooksState, month: YearMonthString): VatRefundView => {
  const p = vatFiling(state, month)?.period
  const d = p?.declaration
  return {
    month,
    refund: state.vatRefunds?.get(month) ?? null,
    period:
      p && d
        ? {
            from: p.from,
            to: p.to,
            complete: p.complete,
            dueDate: p.dueDate,
            requestMonth: p.refundRequest?.month ?? null,
            excess: formatMoney(d.P_53),
            refunded: formatMoney(d.P_54 ?? 0n),
            offsetApplied: formatMoney(d.P_60 ?? 0n),
            carried: formatMoney(d.P_62),
            lastDay: p.refundRequest ? vatRefundDeadline(p.refundRequest.request.term, p.dueDate) : null,
          }
        : null,
  }
}

/** Why a refund cannot be asked for under `month`: the books have no VAT period there (no VAT, or before it). */
export const NO_VAT_PERIOD = 'There is no VAT period for this month'

/** A refund asked for above its period's excess (P_53), which the message names. */
export const refundOverExcess = (excess: MoneyString): string =>
  `Refund must not be more than the period's excess of input VAT, ${excess}`
/** `refundOverExcess`'s text, with the excess in group 1. */
export const REFUND_OVER_EXCESS = /^Refund must not be more than the period's excess of input VAT, (\d+\.\d{2})$/

/**
 * A request to keep under `month` is refused when the month has no VAT period: there is no declaration to carry it
 * (a month before the business, or books without VAT); and an `amount` (the request's, as given) above the period's
 * excess: the refund is of the excess or a part of it (uVAT art. 87 ust. 1; docs/tax-rules.md §34). A blank amount
 * asks for the whole excess, whatever it comes to; an amount that is no whole złoty is the decider's to refuse.
 * Checked by the plan of the write (`vatRefundPlan` in the application), on the books the command is decided on: the
 * decider derives no views.
 */
export const vatRefundRequestProblem = (
  state: BooksState,
  month: YearMonthString,
  amount?: unknown,
): { readonly field: 'month' | 'amount'; readonly code: 'VALIDATION'; readonly message: string } | null => {
  const period = vatRefundView(state, month).period
  if (period === null) return { field: 'month', code: 'VALIDATION', message: NO_VAT_PERIOD }
  const asked = normalizeWholeZloty(amount)
  return asked !== null && parseMoney(asked) > parseMoney(period.excess)
    ? { field: 'amount', code: 'VALIDATION', message: refundOverExcess(period.excess) }
    : null
}
