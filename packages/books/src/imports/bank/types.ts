/**
 * A bank statement as every parser returns it, whatever the file's format (MT940, camt.053, CSV). The parsers
 * (`parse*.ts` beside this file) produce it; the import (`import.ts`) turns it into events of the user's books.
 * Money is a decimal string with exactly two decimals, signed: "-123.45" left the account, "123.45" arrived.
 * Dates are ISO `YYYY-MM-DD`.
 */
export type StatementFormat = 'mt940' | 'camt053' | 'csv'

export interface StatementLine {
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

export interface BankStatement {
  readonly format: StatementFormat
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
  readonly lines: readonly StatementLine[]
}

/** What a parser reports when it refuses a file: a code for the catalogs and where in the file it failed. */
export interface StatementParseError {
  readonly code: string
  readonly message: string
  /** 1-based line of the file (or the XML element's path) where the problem is. */
  readonly where?: string
}

/** The encodings a statement may come in; detection names the one it found, never guesses silently. */
export type StatementEncoding = 'utf-8' | 'windows-1250' | 'cp852' | 'iso-8859-2'

/**
 * A column mapping for a CSV export of a bank without a preset, defined by the user and saved with the books.
 * Columns are 0-based indexes into a row of the file.
 */
export interface CsvMapping {
  readonly delimiter: ',' | ';' | '\t'
  /** 1-based line of the header row; the rows after it are lines of the statement. */
  readonly headerLine: number
  /** How dates are written: `YYYY-MM-DD`, `DD-MM-YYYY` or `DD.MM.YYYY`. */
  readonly dateFormat: 'YYYY-MM-DD' | 'DD-MM-YYYY' | 'DD.MM.YYYY'
  /** Whether amounts use a decimal comma ("1 234,56") rather than a point. */
  readonly decimalComma: boolean
  readonly columns: {
    readonly bookingDate: number
    readonly valueDate?: number
    /** One signed amount column, or a debit and a credit column. */
    readonly amount?: number
    readonly debit?: number
    readonly credit?: number
    readonly title: number
    readonly counterpartyName?: number
    readonly counterpartyAccount?: number
    readonly currency?: number
    readonly balanceAfter?: number
  }
  /** The account the file belongs to, when the file does not say (an IBAN). */
  readonly account?: string
  readonly currency?: string
}
