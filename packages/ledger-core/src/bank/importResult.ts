/**
 * What the import of a bank statement file answers (`@finance/books` imports it; the API sends it; the web app shows
 * it): per file the statements imported, or why the file was refused whole. Plain types only.
 */

export interface BankStatementOutcome {
  readonly account: string
  readonly openingDate: string
  readonly closingDate: string
  readonly openingBalance: string | null
  readonly closingBalance: string | null
  /** Lines in the file, and how many of them were new to the books. */
  readonly lines: number
  readonly newLines: number
  /** New lines matched on import (by the matcher or a rule), and the items rules created. */
  readonly matched: number
  readonly createdItems: number
  /** Obligations and items completed (or completed again with a new amount) by this statement. */
  readonly completed: readonly { id: string; amount: string | null; paidOn: string | null }[]
}

export interface BankFileProblem {
  readonly code: string
  readonly message: string
  readonly where?: string
  /** The figures the message gives, as decimal strings (`bank.statement.unbalanced`: `expected`, `closing`, …). */
  readonly params?: Readonly<Record<string, string>>
  /** The statement's field errors (`closingBalance`, `lines.3.amount` …) when the books refused it. */
  readonly fields?: readonly { readonly field: string; readonly message: string }[]
}

export type BankFileResult =
  | {
      readonly fileName: string
      readonly ok: true
      readonly format: string
      readonly variant: string
      readonly encoding: string | null
      readonly statements: readonly BankStatementOutcome[]
      /** The saved CSV mapping the file was read with (its header row was the one the mapping was made for). */
      readonly csvMapping?: { readonly id: number; readonly name: string }
    }
  | { readonly fileName: string; readonly ok: false; readonly error: BankFileProblem }
