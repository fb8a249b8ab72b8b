/**
 * Wire shapes the dashboards read from the API (docs: the HTTP contract). Money is always a decimal string;
 * the web never turns it into a float for arithmetic.
 */
import type { LocalDateString, MoneyString, PercentString, TaxType } from '@finance/ledger-core'

export type TransactionEventType = '1_Revenue' | '2_Fee' | '3_Vat' | '4_Pit' | '5_SocialSecurity'

export interface RelatedTransaction {
  id?: number
  date: LocalDateString
  eventType?: string
  dataObject: { name?: string; amount?: MoneyString; vatAmount?: MoneyString; sum?: MoneyString; [k: string]: unknown }
}

export interface VatListRow {
  name: string
  amount: MoneyString
  vatAmount: MoneyString
}

export interface TransactionDataObject {
  displayName?: string
  date?: LocalDateString
  name?: string
  amount?: MoneyString
  percent?: PercentString
  vatAmount?: MoneyString
  sum?: MoneyString
  isCompany?: boolean
  paymentInterval?: number | string | null
  taxType?: TaxType | string
  rate?: PercentString
  income?: MoneyString
  deductions?: { socialSecurity?: MoneyString; healthInsurance?: MoneyString; other?: MoneyString }
  relatedTransactions?: RelatedTransaction[]
  relatedTransactionsSum?: MoneyString
  period?: { from: string; to: string }
  dueDate?: LocalDateString
  overdue?: boolean
  companyRevenues?: VatListRow[]
  companyFees?: VatListRow[]
  /** The id of the income or expense item the row comes from (absent for taxes and manual rows). */
  itemId?: number
  [k: string]: unknown
}

export interface Transaction {
  id: number
  date: LocalDateString
  eventType: TransactionEventType | string
  dataType: string
  completed: boolean
  notification: boolean
  notificationCompleted: boolean
  dataObject: TransactionDataObject
}

export interface SummaryRow {
  year: number
  month: number
  companyIncomeAmmount: MoneyString
  companyVatAmmount: MoneyString
  companyPitAmmount: MoneyString
  companySocialSecurityAmmount: MoneyString
  companyExpenseAmmount: MoneyString
  companysNetIncome: MoneyString
  privateIncomeAmmount: MoneyString
  privateExpenseAmmount: MoneyString
  privateIncome: MoneyString
  summary: MoneyString
}

export interface TransactionFlags {
  completed?: boolean
  notification?: boolean
}

export interface FlagsResult {
  id: number
  completed: boolean
  notification: boolean
  notificationCompleted: boolean
}
