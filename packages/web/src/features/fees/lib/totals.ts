/** Totals of an item list from the API's per-item `vatAmount` and `sum` (exact, in grosze). */
import { formatMoney, isMoneyString, parseMoney } from '@finance/ledger-core'

export interface ListTotals {
  amount: string
  vatAmount: string
  sum: string
}

export const listTotals = (items: readonly { dataObject: Record<string, unknown> }[]): ListTotals => {
  let amount = 0n
  let vat = 0n
  let sum = 0n
  const add = (v: unknown): bigint => (isMoneyString(v) ? parseMoney(v) : 0n)
  for (const { dataObject: o } of items) {
    amount += add(o.amount)
    vat += add(o.vatAmount)
    sum += add(o.sum)
  }
  return { amount: formatMoney(amount), vatAmount: formatMoney(vat), sum: formatMoney(sum) }
}
