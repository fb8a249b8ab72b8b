/**
 * A bank statement as every parser returns it, whatever the file's format (MT940, camt.053, CSV). The parsers
 * (`parse*.ts` beside this file) produce it; the import (`import.ts`) turns it into events of the user's books.
 * Money is a decimal string with exactly two decimals, signed: "-123.45" left the account, "123.45" arrived.
 * Dates are ISO `YYYY-MM-DD`.
 */
import type { BankStatementInput, BankStatementLineInput } from '@finance/ledger-core/light'

export type StatementFormat = BankStatementInput['format']

/** One line of a statement: the core's `BankStatementLineInput`, which documents every field. */
export type StatementLine = BankStatementLineInput

/** A parsed statement: the core's `BankStatementInput`, which the bank decider takes as it is. */
export type BankStatement = BankStatementInput

/** What a parser reports when it refuses a file: a code for the catalogs and where in the file it failed. */
export interface StatementParseError {
  readonly code: string
  readonly message: string
  /** 1-based line of the file (or the XML element's path) where the problem is. */
  readonly where?: string
  /**
   * The figures of the message as decimal strings: `bank.statement.unbalanced` gives `expected`, `closing` and
   * `difference` (the statement's balances), or `expected` and `stated` (a running balance a CSV row breaks).
   */
  readonly params?: Readonly<Record<string, string>>
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
