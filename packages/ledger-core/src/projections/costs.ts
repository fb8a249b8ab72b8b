/**
 * SPEC §5 screen figures computed from transaction DTOs.
 */
import { formatMoney, maxG, parseMoney } from '../money.ts'
import type { TransactionDto } from '../schemas/transaction.ts'
import type { MoneyString } from '../types.ts'

export interface CostSummaryGroups {
  readonly vat: boolean
  readonly pit: boolean
  readonly socialSecurity: boolean
  readonly companyFees: boolean
}

/**
 * The cost summary card (SPEC §5): the total of the checked groups. VAT and PIT rows contribute the larger of
 * `relatedTransactionsSum` and `sum`; social security rows their `amount`; fee rows only when `isCompany`, with
 * their `sum` (gross: what leaves the account). Revenue rows never count.
 */
export const costSummary = (transactions: readonly TransactionDto[], groups: CostSummaryGroups): MoneyString => {
  let total = 0n
  for (const t of transactions) total += costOf(t, groups) ?? 0n
  return formatMoney(total)
}

/** A row's figure in the cost summary, `null` when its group is not counted (or it is a revenue). */
const costOf = (t: TransactionDto, groups: CostSummaryGroups): bigint | null => {
  const o = t.dataObject
  switch (t.eventType) {
    case '3_Vat':
      return groups.vat ? maxG(parseMoney(o.relatedTransactionsSum), parseMoney(o.sum)) : null
    case '4_Pit':
      return groups.pit ? maxG(parseMoney(o.relatedTransactionsSum), parseMoney(o.sum)) : null
    case '5_SocialSecurity':
      return groups.socialSecurity ? parseMoney(o.amount) : null
    case '2_Fee':
      return groups.companyFees && o.isCompany ? parseMoney(o.sum) : null
    case '1_Revenue':
      return null
  }
}

/**
 * What is still to pay of the cost summary's rows: a row not completed counts as in `costSummary`, less what a
 * partial payment paid (`paidAmount` of a partly paid row); a completed row counts only its remainder
 * (`remainingAmount`, when its amount grew after it was paid). Same groups as `costSummary`.
 */
export const costOutstanding = (transactions: readonly TransactionDto[], groups: CostSummaryGroups): MoneyString => {
  let total = 0n
  for (const t of transactions) {
    const cost = costOf(t, groups)
    if (cost === null) continue
    if (!t.completed) total += maxG(cost - (t.paidAmount == null ? 0n : parseMoney(t.paidAmount)), 0n)
    else if (t.remainingAmount !== null) total += maxG(parseMoney(t.remainingAmount), 0n)
  }
  return formatMoney(total)
}

/**
 * "Short social security" (SPEC §5) of a social-security row: what the month's contributions come to — the social
 * contributions plus the health contribution as the engine computes it (with its minimum, its cap, the ryczałt
 * tiers), i.e. the row's own amount to pay. SPEC recomputed the health part as `income × percent` of the related
 * income row, which ignored the minimum and the tiers and so disagreed with the amount to pay beside it (2 077,35
 * against 2 359,30 when the 2026 minimum applied); one figure for one thing (docs/decisions.md).
 */
export const shortSocialSecurity = (tx: TransactionDto): MoneyString => formatMoney(parseMoney(tx.dataObject.amount))
