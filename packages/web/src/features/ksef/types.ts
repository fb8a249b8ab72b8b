import type { ImportMessage, InvoiceImportResult } from '@finance/ledger-core'

/** The import report of `POST /api/ksef/import` (`@finance/books`' `importInvoices`): the core's answer type, of
 * whose items the page reads only the id, amount and rate. */
export type KsefMessage = ImportMessage

export interface KsefImportResult extends Omit<InvoiceImportResult, 'items'> {
  readonly items: readonly Pick<InvoiceImportResult['items'][number], 'id' | 'amount' | 'percent'>[]
}

/** A file the user picked: its name, size and a way to read it. */
export interface PickedFile {
  readonly name: string
  readonly size: number
  text(): Promise<string>
}

/** A picked file with the KSeF number the user entered for it ('' when its name carries it). */
export interface ImportFile {
  readonly file: PickedFile
  readonly ksefNumber: string
}
