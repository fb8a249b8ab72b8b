import type { BankFileResult, BankRuleData } from '@finance/ledger-core'

export type { BankFileResult }

/** What the bank routes answer (packages/api/src/routes/bank.ts; the core's `bank/views.ts`). */
export interface BankAccount {
  readonly id: number
  readonly iban: string
  readonly name: string
  readonly currency: string
  readonly kind: 'business' | 'vat'
  readonly pairedWith: number | null
  readonly balance: string | null
  readonly lastDate: string | null
  readonly lineCount: number
}

export interface BankStatementRow {
  readonly key: string
  readonly accountId: number
  readonly format: string
  readonly variant: string
  readonly openingDate: string
  readonly closingDate: string
  readonly openingBalance: string | null
  readonly closingBalance: string | null
  readonly lineCount: number
  readonly newLines: number
  readonly continuous: boolean
}

export interface BankGap {
  readonly accountId: number
  readonly statement: string
  readonly after: string | null
  readonly before: string
  readonly expected: string
  readonly found: string
}

export interface BankRule {
  readonly id: number
  readonly data: BankRuleData
}

export interface BankOverview {
  readonly accounts: readonly BankAccount[]
  readonly statements: readonly BankStatementRow[]
  readonly gaps: readonly BankGap[]
  readonly zusAccount: string | null
  readonly unmatched: number
  readonly rules: readonly BankRule[]
}

export type BankAllocation =
  | { readonly kind: 'transaction'; readonly id: string; readonly amount: string }
  | { readonly kind: 'private'; readonly amount: string }
  | { readonly kind: 'transfer'; readonly amount: string }

/** A transaction a match or a suggestion pays, as the books show it (the API's `transactions`, by id). */
export interface BankTransactionLabel {
  readonly name: string
  readonly date: string
  readonly amount: string
}

/** What the books show of the transactions a line's match or an entry's suggestions pay, by transaction id. */
export type BankTransactions = Readonly<Record<string, BankTransactionLabel>>

export interface BankLine {
  readonly lineId: string
  readonly accountId: number
  readonly bookingDate: string
  readonly amount: string
  readonly title: string
  readonly counterpartyName: string | null
  readonly counterpartyAccount: string | null
  readonly status: 'matched' | 'private' | 'transfer' | 'unmatched'
  readonly match: {
    readonly allocations: readonly BankAllocation[]
    readonly reason: string
    readonly confidence: number
    readonly source: 'auto' | 'user' | 'rule'
  } | null
  /** What its match pays, as the books show it (empty without a match). */
  readonly transactions: BankTransactions
}

export interface BankSuggestion {
  readonly allocations: readonly BankAllocation[]
  readonly reason: string
  readonly confidence: number
}

export interface BankQueueEntry {
  readonly line: BankLine
  readonly suggestions: readonly BankSuggestion[]
  /** What the suggestions would pay, as the books show it. */
  readonly transactions: BankTransactions
}

export interface OpenItem {
  readonly id: string
  readonly kind: 'receivable' | 'payable'
  readonly name: string
  readonly documentNumber: string
  readonly counterparty: string
  readonly date: string
  readonly sum: string
  readonly paid: string
  readonly remaining: string
  readonly paidOn: string | null
  /** The payment term, when the item has one; without it the item is never overdue. */
  readonly dueDate: string | null
  readonly state: 'paid' | 'partlyPaid' | 'unpaid' | 'overdue'
  /** Days past `dueDate` while something remains. */
  readonly daysOverdue: number
  /**
   * Only on an issued invoice of several VAT rates, which is one row (dated by its issue date, with its totals): its
   * incomes, one per rate, in the invoice's order — the transactions a line's parts pay.
   */
  readonly parts?: readonly OpenItemPart[]
}

/** One income (one VAT rate) of an invoice of several rates. */
export interface OpenItemPart {
  readonly id: string
  readonly itemId: number
  readonly sum: string
  readonly paid: string
  readonly remaining: string
}

export interface BankData {
  readonly overview: BankOverview
  readonly queue: readonly BankQueueEntry[]
  readonly lines: readonly BankLine[]
  /** Incomes and expenses not paid in full (receivables and payables). */
  readonly openItems?: readonly OpenItem[]
  /** Payments above 15 000 zł the VAT payers' white list concerns, with the evidence kept. */
  readonly whiteList?: readonly WhiteListPayment[]
}

/** `GET /api/bank/whitelist`: an outgoing payment the white list concerns (uPIT art. 22p, uVAT art. 117ba). */
export interface WhiteListPayment {
  readonly lineId: string
  readonly bookingDate: string
  readonly amount: string
  readonly nip: string
  readonly account: string
  readonly counterparty: string
  readonly expenses: readonly { readonly id: string; readonly documentNumber: string; readonly gross: string }[]
  readonly check: {
    readonly listDate: string
    readonly source: 'flatFile' | 'api'
    readonly result: 'active' | 'exempt' | 'listed' | 'absent'
    readonly requestId: string | null
  } | null
  readonly splitPayment: boolean
  readonly warning: boolean
}

/** A file the user picked or dropped. */
export interface PickedFile {
  readonly name: string
  readonly size: number
  arrayBuffer(): Promise<ArrayBuffer>
}

/** One action on the books from the screen; the screen reloads after it. */
export type BankAction =
  | {
      readonly type: 'match'
      readonly lineId: string
      readonly allocations: readonly BankAllocation[]
      readonly reason?: string
    }
  /** Undoes a line's match (automatic or by hand): the line goes back to the queue. */
  | { readonly type: 'unmatch'; readonly lineId: string }
  | { readonly type: 'saveRule'; readonly rule: BankRule['data'] }
  | { readonly type: 'deleteRule'; readonly id: number }
  | { readonly type: 'setZusAccount'; readonly account: string | null }
  | { readonly type: 'importWhiteList'; readonly file: PickedFile }
  /** Marks `account` the VAT account of business account `pairedWith` (`null`: a business account again). */
  | { readonly type: 'pairAccount'; readonly account: BankAccount; readonly pairedWith: number | null }
