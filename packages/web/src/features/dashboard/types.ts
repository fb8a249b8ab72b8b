/**
 * Wire shapes the dashboards read from the API: exactly the core's DTOs (the HTTP contract returns them as they
 * are), so the web, API and CLI share one definition. Money is always a decimal string.
 */
import type { CompanyLine, RelatedTransaction, SummaryRowDto, TransactionDto } from '@finance/ledger-core'

export type Transaction = TransactionDto
export type SummaryRow = SummaryRowDto
export type VatListRow = CompanyLine
export type { RelatedTransaction }

export interface TransactionFlags {
  completed?: boolean
  notification?: boolean
  /** With `completed: true`: the day the money left (`yyyy-mm-dd`); contributions are deducted on it. */
  paidOn?: string
}

/** `PUT transaction/{id}` answer (the id is the transaction's identity). */
export interface FlagsResult {
  id: string
  completed: boolean
  notification: boolean
  notificationCompleted: boolean
  /** What was paid when completed (`null` while not completed). */
  paidAmount?: string | null
  /** `sum − paidAmount` of a completed row (`"0.00"` when paid in full). */
  remainingAmount?: string | null
  /** The day the completion said the money left. */
  paidOn?: string | null
}
