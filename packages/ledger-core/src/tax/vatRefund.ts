/**
 * Refunds of the excess of input VAT (uVAT art. 87; docs/tax-rules.md "VAT refunds"): where the input tax of a
 * period, with the excess carried in, is more than its output tax, the taxpayer carries the difference to the next
 * period or asks in the declaration for all or part of it back (art. 87 ust. 1). The declaration names the amount
 * (P_54), the term (one box of P_540 … P_58) and what of it is set against future liabilities (P_59–P_61); what is
 * not refunded is carried forward (P_62 = P_53 − P_54).
 */
import { addDays, nextWorkingDay } from '../calendar.ts'
import { minG, parseMoney } from '../money.ts'
import type { Grosze, LocalDateString } from '../types.ts'

/**
 * The term of the refund, one box of the declaration each:
 * - `days15` P_540: 15 days to the settlement account (art. 87 ust. 6a–6h, for taxpayers meeting its conditions);
 * - `vatAccount25` P_55: 25 days to the VAT account (art. 87 ust. 6a);
 * - `days25` P_56: 25 days to the settlement account (art. 87 ust. 6: the input tax of paid invoices);
 * - `days40` P_560: 40 days — before February 2026 for a taxpayer issuing invoices in KSeF (art. 87 ust. 6i), from
 *   then on the general term (art. 87 ust. 2 as amended with the mandatory KSeF: docs/tax-rules.md §34);
 * - `days60` P_57: 60 days, the general term of art. 87 ust. 2 before February 2026; JPK_V7M(3) / V7K(3) have no P_57;
 * - `days180` P_58: 180 days (art. 87 ust. 5a: no taxed supplies in the period).
 */
export const VAT_REFUND_TERMS = ['days15', 'vatAccount25', 'days25', 'days40', 'days60', 'days180'] as const
export type VatRefundTerm = (typeof VAT_REFUND_TERMS)[number]

/** The first period whose declaration has no 60-day term: the general term is 40 days from then on. */
export const VAT_REFUND_FORTY_DAYS_FROM = '2026-02'

/** The terms a declaration of the period ending in (or containing) `month` offers, in the form's order. */
export const vatRefundTermsFor = (month: string): readonly VatRefundTerm[] =>
  month >= VAT_REFUND_FORTY_DAYS_FROM ? VAT_REFUND_TERMS.filter((t) => t !== 'days60') : VAT_REFUND_TERMS

/** The general term of the period ending in `month` (art. 87 ust. 2): 60 days before February 2026, then 40. */
export const generalVatRefundTerm = (month: string): VatRefundTerm =>
  month >= VAT_REFUND_FORTY_DAYS_FROM ? 'days40' : 'days60'

/** The days of each term, counted from the day the declaration is filed. */
export const VAT_REFUND_DAYS: Readonly<Record<VatRefundTerm, number>> = {
  days15: 15,
  vatAccount25: 25,
  days25: 25,
  days40: 40,
  days60: 60,
  days180: 180,
}

/** The declaration's box of each term (JPK_V7M(2) and JPK_V7K(2): one choice of P_540, P_55, P_56, P_560, P_57, P_58). */
export const VAT_REFUND_TERM_FIELD: Readonly<Record<VatRefundTerm, string>> = {
  days15: 'P_540',
  vatAccount25: 'P_55',
  days25: 'P_56',
  days40: 'P_560',
  days60: 'P_57',
  days180: 'P_58',
}

/** A refund as the books keep it (`VatRefundSet`): whole złoty, or `null` for the whole excess. */
export interface VatRefundRequest {
  readonly amount: string | null
  readonly term: VatRefundTerm
  readonly offset: { readonly amount: string; readonly liability: string } | null
}

/** A refund as a period's declaration carries it. */
export interface VatRefundApplied {
  readonly term: VatRefundTerm
  /** P_54: what is refunded, whole złoty; at most the period's excess (P_53). */
  readonly amount: Grosze
  /** The amount asked for (`null`: the whole excess); more than `amount` when the excess is smaller. */
  readonly requested: Grosze | null
  /** P_60 and P_61: the part set against future liabilities (at most P_54), or `null`. */
  readonly offset: { readonly amount: Grosze; readonly liability: string } | null
}

/**
 * The refund of a period whose excess is `P_53` (whole złoty): the amount asked for, at most the excess (a refund is
 * of the excess, art. 87 ust. 1); `null` when there is nothing to refund — the request then waits, shown as asked
 * for, and the excess (none) is carried.
 */
export const applyVatRefund = (request: VatRefundRequest, P_53: Grosze): VatRefundApplied | null => {
  const requested = request.amount === null ? null : parseMoney(request.amount)
  const amount = requested === null ? P_53 : minG(requested, P_53)
  if (amount <= 0n) return null
  const offsetAmount = request.offset ? minG(parseMoney(request.offset.amount), amount) : 0n
  return {
    term: request.term,
    amount,
    requested,
    offset: request.offset && offsetAmount > 0n ? { amount: offsetAmount, liability: request.offset.liability } : null,
  }
}

/**
 * The last day the tax office has for the refund when the declaration is filed on `filed`: the term's days counted
 * from the filing (Op art. 12 § 1), moved to the next working day when it falls on a Saturday or a holiday
 * (Op art. 12 § 5).
 */
export const vatRefundDeadline = (term: VatRefundTerm, filed: LocalDateString): LocalDateString =>
  nextWorkingDay(addDays(filed, VAT_REFUND_DAYS[term]))
