/** The bank commands (decided by `bank/decide.ts`); loose input, validated by the decider. */

interface Base {
  readonly at: string
  readonly userId: string
}

/**
 * A statement line as the parsers give it (`@finance/books` `imports/bank/`), whatever the file's format (MT940,
 * camt.053, CSV). Money is a decimal string with exactly two decimals, signed: "-123.45" left the account, "123.45"
 * arrived. Dates are ISO `YYYY-MM-DD`.
 */
export interface BankStatementLineInput {
  /** Booking date (the day the bank booked the line). */
  readonly bookingDate: string
  /** Value date where the file gives one, otherwise the booking date. */
  readonly valueDate: string
  /** Signed amount: negative for a debit (money out), positive for a credit (money in). */
  readonly amount: string
  readonly currency: string
  /** The bank's own reference for the line where the file has one (camt `AcctSvcrRef`, MT940 `//` reference). */
  readonly bankReference?: string
  /** The counterparty's name and address as the bank wrote them. */
  readonly counterpartyName?: string
  /** The counterparty's account: an IBAN (`PL…`) where recognisable, otherwise as written. */
  readonly counterpartyAccount?: string
  /** The transfer's title (free text or the structured sub-fields joined), whitespace collapsed. */
  readonly title: string
  /** The bank's transaction code or description (MT940 GVC `020`, camt `BkTxCd`, a CSV "type" column). */
  readonly transactionCode?: string
  /** Split payment (MPP): the VAT part and the invoice number where the title carries `/VAT/…/IDC/…/INV/…`. */
  readonly splitPayment?: { readonly vat: string; readonly nip?: string; readonly invoice?: string }
}

/** A parsed statement, as every parser returns it (`BankStatement` of the parsers). */
export interface BankStatementInput {
  readonly format: 'mt940' | 'camt053' | 'csv'
  /** Which bank or preset the file was recognised as ("mbank", "pko", "ing", … or "generic"). */
  readonly variant: string
  /** The statement's account, an IBAN without spaces (`PL` + 26 digits for a Polish account). */
  readonly account: string
  readonly currency: string
  /** The statement's number or id as the bank gave it, where it gave one. */
  readonly statementId?: string
  readonly openingDate: string
  readonly closingDate: string
  /** Opening and closing booked balances (signed decimal strings); absent only for a CSV without balances. */
  readonly openingBalance?: string
  readonly closingBalance?: string
  readonly lines: readonly BankStatementLineInput[]
}

export interface SaveBankAccount extends Base {
  readonly type: 'SaveBankAccount'
  /** Absent: a new account. */
  readonly id?: number
  readonly iban: unknown
  readonly name: unknown
  readonly currency?: unknown
  readonly kind: unknown
  /** The business account a VAT account belongs to. */
  readonly pairedWith?: unknown
}
export interface DeleteBankAccount extends Base {
  readonly type: 'DeleteBankAccount'
  readonly id: number
}
export interface SetZusAccount extends Base {
  readonly type: 'SetZusAccount'
  readonly account: unknown
}
/**
 * Imports one statement: refused whole when it does not balance or a line is malformed; lines the books hold
 * already are skipped; new lines are matched (suggestions at AUTO_CONFIDENCE) and the user's rules applied.
 */
export interface ImportBankStatement extends Base {
  readonly type: 'ImportBankStatement'
  readonly statement: BankStatementInput
  /** Default true. */
  readonly autoMatch?: boolean
}
/** Assigns a line's money (accepting a suggestion, a split, or marking it private). */
export interface MatchBankLine extends Base {
  readonly type: 'MatchBankLine'
  readonly lineId: unknown
  readonly allocations: unknown
  readonly reason?: string
  readonly confidence?: number
}
export interface UnmatchBankLine extends Base {
  readonly type: 'UnmatchBankLine'
  readonly lineId: unknown
}
/**
 * Creates an income or expense from a line (a bank fee, a card payment) and matches the line to it: `item`, the item
 * as the user confirmed it on the item form (its fields as `AddItem` takes them), or else one of the line's gross
 * amount named `name` at `percent` VAT.
 */
export interface CreateItemFromBankLine extends Base {
  readonly type: 'CreateItemFromBankLine'
  readonly lineId: unknown
  readonly item?: unknown
  readonly name?: unknown
  readonly percent?: unknown
  readonly isCompany?: unknown
  readonly kpirColumn?: unknown
}
export interface SaveBankRule extends Base {
  readonly type: 'SaveBankRule'
  readonly id?: number
  readonly data: unknown
}
export interface DeleteBankRule extends Base {
  readonly type: 'DeleteBankRule'
  readonly id: number
}

/**
 * Keeps the white list's answers as evidence of the payments they concern; an answer for a line that already has
 * as good evidence (a list of a day at least as near the payment) adds nothing.
 */
export interface RecordWhiteListChecks extends Base {
  readonly type: 'RecordWhiteListChecks'
  readonly checks: unknown
}

/** Saves a CSV column mapping with the books (`header`: the file's header row it was made for, as in the file). */
export interface SaveBankCsvMapping extends Base {
  readonly type: 'SaveBankCsvMapping'
  readonly id?: number
  readonly name: unknown
  readonly header: unknown
  readonly mapping: unknown
}
export interface DeleteBankCsvMapping extends Base {
  readonly type: 'DeleteBankCsvMapping'
  readonly id: number
}

export type BankCommand =
  | SaveBankAccount
  | DeleteBankAccount
  | SetZusAccount
  | ImportBankStatement
  | MatchBankLine
  | UnmatchBankLine
  | CreateItemFromBankLine
  | SaveBankRule
  | DeleteBankRule
  | RecordWhiteListChecks
  | SaveBankCsvMapping
  | DeleteBankCsvMapping

export const BANK_COMMANDS: ReadonlySet<string> = new Set([
  'SaveBankAccount',
  'DeleteBankAccount',
  'SetZusAccount',
  'ImportBankStatement',
  'MatchBankLine',
  'UnmatchBankLine',
  'CreateItemFromBankLine',
  'SaveBankRule',
  'DeleteBankRule',
  'RecordWhiteListChecks',
  'SaveBankCsvMapping',
  'DeleteBankCsvMapping',
])
