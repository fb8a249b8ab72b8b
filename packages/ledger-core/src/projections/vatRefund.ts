/**
 * The refund of a VAT excess as the API (`vat/refund/{month}`) and the CLI (`finance vat refund`) show it: the
 * request kept under a month and what the period it belongs to allows (docs/tax-rules.md §34).
 */
import { formatMoney } from '../money.ts'
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

/**
 * A request to keep under `month` is refused when the month has no VAT period: there is no declaration to carry it
 * (a month before the business, or books without VAT). Checked by the plan of the write (`vatRefundPlan` in the
 * application), on the books the command is decided on: the decider derives no views.
 */
export const vatRefundRequestProblem = (
  state: BooksState,
  month: YearMonthString,
): { readonly field: 'month'; readonly code: 'VALIDATION'; readonly message: string } | null =>
  vatRefundView(state, month).period === null ? { field: 'month', code: 'VALIDATION', message: NO_VAT_PERIOD } : null
