/** What `GET books/{year}` answers: the year's tax book (ledger-core's `TaxBook`), the month shown and the files. */
import type { TaxBook } from '@finance/ledger-core'

export type {
  BookMonth,
  EwpRow,
  EwpTotals,
  KpirRow,
  KpirTotals,
  TaxBook,
} from '@finance/ledger-core'

export type JpkForm = 'JPK_PKPIR' | 'JPK_EWP'

export interface JpkFileState {
  readonly form: JpkForm
  /** What stops the file: missing company data, no entries, an unlisted rate (English source texts). */
  readonly problems: readonly { readonly field: string; readonly code: string; readonly message: string }[]
}

export interface BookView extends TaxBook {
  /** The month whose rows are shown (1–12), `null` for the whole year. */
  readonly month: number | null
  readonly files: readonly JpkFileState[]
}

export interface JpkDownload {
  readonly fileName: string
  readonly xml: string
}
