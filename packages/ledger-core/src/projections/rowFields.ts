/**
 * Small pieces every generated row is built with — the empty fields of a row, a breakdown's figures as strings, the
 * ryczałt figures per rate — shared by the month's rows (`month.ts`) and the year-end rows (`yearEndRows.ts`).
 */
import { formatMoney } from '../money.ts'
import type { TransactionDataObject } from '../schemas/transaction.ts'
import type { FlatRateFigures } from '../tax/pit.ts'

const ZERO = '0.00'
const fm = formatMoney

/** The fields every generated row shares, empty. */
export const blank = (): Omit<TransactionDataObject, 'displayName' | 'date' | 'name' | 'amount' | 'sum'> => ({
  percent: '0',
  vatAmount: ZERO,
  isCompany: false,
  itemId: null,
  invoiceDate: null,
  paymentInterval: null,
  taxType: null,
  rate: null,
  income: null,
  deductions: null,
  relatedTransactions: [],
  relatedTransactionsSum: ZERO,
  companyRevenues: [],
  companyFees: [],
  period: null,
  dueDate: null,
  overdue: false,
  breakdown: null,
})

/** A breakdown's figures as strings (money as decimal strings). */
export const stringify = (o: Record<string, bigint | string | number | boolean | null>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'bigint' ? fm(v) : String(v)
  return out
}

/** Ryczałt per rate: `flat_<rate>_revenue|deductions|base|tax`. */
export const flatRateFields = (rates: readonly FlatRateFigures[] | null): Record<string, bigint> => {
  const out: Record<string, bigint> = {}
  for (const r of rates ?? []) {
    out[`flat_${r.rate}_revenue`] = r.revenue
    out[`flat_${r.rate}_deductions`] = r.deductions
    out[`flat_${r.rate}_base`] = r.base
    out[`flat_${r.rate}_tax`] = r.tax
  }
  return out
}
