/**
 * Plain shapes of what the application layer (`@finance/books`) answers and the API sends on, declared in the core so
 * that the web app, which may import only the core, reads the very types the server writes. No logic lives here.
 */

/** The outcome of one backup, as the server reports it. */
export interface BackupStatus {
  readonly at: string
  readonly ok: boolean
  readonly file: string | null
  readonly sizeBytes: number | null
  readonly events: number | null
  readonly digest: string | null
  readonly seconds: number | null
  /** Why it failed (a `BackupError` code, or `failed` for anything else; details go to the server's log). */
  readonly error: string | null
}

/** The last fetch of received invoices from KSeF. */
export interface KsefLastFetch {
  readonly at: string
  readonly ok: boolean
  readonly received: number
  readonly imported: number
  readonly duplicates: number
  readonly refused: number
  /** The failure's code and message, when it failed. */
  readonly error: { readonly code: string; readonly message: string } | null
}

/** A message about an imported file: a code, the English text and the values it names (for translation). */
export interface ImportMessage {
  readonly code: string
  readonly message: string
  readonly params?: Readonly<Record<string, string>>
}

/** An item an imported FA(3) invoice wrote into the books. */
export interface ImportedInvoiceItem {
  readonly id: number
  readonly dataType: string
  readonly name: string
  readonly amount: string
  readonly vatTreatment: string
  readonly percent: string | null
  readonly documentVat: string | null
  /** A sale across borders (WDT, export, np II services; docs/tax-rules.md §19), `null` for a domestic one. */
  readonly crossBorder: string | null
}

/** What the import of one FA(3) file answers (`POST /api/ksef/import`, `finance import ksef`). */
export interface InvoiceImportResult {
  readonly fileName: string
  readonly status: 'imported' | 'duplicate' | 'refused'
  readonly kind: 'income' | 'expense' | null
  readonly documentNumber: string | null
  readonly ksefNumber: string | null
  readonly items: readonly ImportedInvoiceItem[]
  readonly problems: readonly ImportMessage[]
  readonly warnings: readonly ImportMessage[]
}

/** A backup that failed at `at` (ISO 8601) for `error` (its code): nothing was written. */
export const failedBackup = (at: string, error: string): BackupStatus => ({
  at,
  ok: false,
  file: null,
  sizeBytes: null,
  events: null,
  digest: null,
  seconds: null,
  error,
})
