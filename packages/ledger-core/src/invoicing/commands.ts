/** The invoicing commands (decided by `invoicing/decide.ts`); loose input, validated by the decider. */

interface Base {
  readonly at: string
  readonly userId: string
}

export interface SaveCounterparty extends Base {
  readonly type: 'SaveCounterparty'
  /** Absent: a new counterparty. */
  readonly id?: number
  readonly data: unknown
}
export interface DeleteCounterparty extends Base {
  readonly type: 'DeleteCounterparty'
  readonly id: number
}
export interface SaveInvoiceSeries extends Base {
  readonly type: 'SaveInvoiceSeries'
  readonly id?: number
  readonly data: unknown
}
/**
 * Creates or changes a draft; an issued invoice not yet sent to KSeF is changed the same way (its number stays, its
 * income items follow). A buyer named by `counterpartyId` is remembered; a new buyer with a name is added to the
 * counterparties.
 */
export interface SaveInvoiceDraft extends Base {
  readonly type: 'SaveInvoiceDraft'
  readonly id?: number
  /** The invoice's `version` the editor changes (absent: unconditional). */
  readonly expectedVersion?: number
  readonly data: unknown
}
export interface DeleteInvoiceDraft extends Base {
  readonly type: 'DeleteInvoiceDraft'
  readonly id: number
}
/** Issues a draft: takes the next number of its series and adds its income items, in one append. */
export interface IssueInvoice extends Base {
  readonly type: 'IssueInvoice'
  readonly id: number
  readonly expectedVersion?: number
}

/** Records the KSeF number an invoice got (sent through one of its incomes) on all its incomes. */
export interface RecordInvoiceKsefNumber extends Base {
  readonly type: 'RecordInvoiceKsefNumber'
  readonly itemId: number
  readonly ksefNumber: string
}

/**
 * A draft of the invoice of one month's occurrence of a recurring income (its buyer, one line of its amount and rate,
 * dated as the occurrence); issued, it takes that month out of the recurring income.
 */
export interface DraftRecurringInvoice extends Base {
  readonly type: 'DraftRecurringInvoice'
  readonly itemId: number
  readonly month: string
}

export type InvoicingCommand =
  | SaveCounterparty
  | DeleteCounterparty
  | SaveInvoiceSeries
  | SaveInvoiceDraft
  | DeleteInvoiceDraft
  | IssueInvoice
  | RecordInvoiceKsefNumber
  | DraftRecurringInvoice

export const INVOICING_COMMANDS: ReadonlySet<string> = new Set([
  'SaveCounterparty',
  'DeleteCounterparty',
  'SaveInvoiceSeries',
  'SaveInvoiceDraft',
  'DeleteInvoiceDraft',
  'IssueInvoice',
  'RecordInvoiceKsefNumber',
  'DraftRecurringInvoice',
])
