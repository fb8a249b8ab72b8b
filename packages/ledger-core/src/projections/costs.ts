/**
 * SPEC §5 screen figures computed from transaction DTOs.
 */
import { formatMoney, maxG, parseMoney, percentOf } from '../money.ts'
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
 * What is still to pay of the cost summary's rows: a row not completed counts as in `costSummary`; a completed row
 * counts only its remainder (`remainingAmount`, when its amount grew after it was paid). Same groups as
 * `costSummary`.
 */
export const costOutstanding = (transactions: readonly TransactionDto[], groups: CostSummaryGroups): MoneyString => {
  let total = 0n
  for (const t of transactions) {
    const cost = costOf(t, groups)
    if (cost === null) continue
    if (!t.completed) total += cost
    else if (t.remainingAmount !== null) total += maxG(parseMoney(t.remainingAmount), 0n)
  }
  return formatMoney(total)
}

/**
 * "Short social security" (SPEC §5) of a social-security row: the social contributions deducted plus the health
 * part computed as `income × percent / 100` from the row's related transaction (the income the health contribution
 * is based on); `"0.00"` when there is no related transaction. For tax type Flat the rate does not apply (health
 * comes from revenue tiers), so the row's own amount is shown.
 */
export const shortSocialSecurity = (tx: TransactionDto): MoneyString => {
  const r = tx.dataObject.relatedTransactions[0]
  if (!r) return '0.00'
  const d = r.dataObject
  if (d.taxType === 'Flat') return formatMoney(parseMoney(tx.dataObject.amount))
  const income = parseMoney(d.income ?? '0.00')
  const social = parseMoney(d.deductions?.socialSecurity ?? '0.00')
  return formatMoney(social + percentOf(income > 0n ? income : 0n, tx.dataObject.percent))
}
