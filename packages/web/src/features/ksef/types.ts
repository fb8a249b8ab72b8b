/** The import report of `POST /api/ksef/import` (packages/api/src/ledger/ksef.ts). */
export interface KsefMessage {
  readonly code: string
  readonly message: string
  readonly params?: Readonly<Record<string, string>>
}

export interface KsefImportResult {
  readonly fileName: string
  readonly status: 'imported' | 'duplicate' | 'refused'
  readonly kind: 'income' | 'expense' | null
  readonly documentNumber: string | null
  readonly ksefNumber: string | null
  readonly items: readonly { readonly id: number; readonly amount: string; readonly percent: string | null }[]
  readonly problems: readonly KsefMessage[]
  readonly warnings: readonly KsefMessage[]
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
