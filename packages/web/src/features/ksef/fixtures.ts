/** Report lines of a KSeF import, built for stories and tests. */
import type { KsefImportResult } from './types.ts'

/** A purchase imported as an expense, with its KSeF number in the file name; `over` changes what a case needs. */
export const importedResult = (over: Partial<KsefImportResult> = {}): KsefImportResult => ({
  fileName: '7740001454-20260305-0100001AF629-4B.xml',
  status: 'imported',
  kind: 'expense',
  documentNumber: 'FZ 1/03',
  ksefNumber: '7740001454-20260305-0100001AF629-4B',
  items: [{ id: 5, amount: '1000.00', percent: '23' }],
  problems: [],
  warnings: [],
  ...over,
})

/** A file the FA(3) schema refused: the validator's `detail` on `line` of the file. */
export const refusedResult = (fileName: string, line: string, detail: string): KsefImportResult => ({
  fileName,
  status: 'refused',
  kind: null,
  documentNumber: null,
  ksefNumber: null,
  items: [],
  problems: [{ code: 'SCHEMA', message: 'Not a valid FA(3) invoice', params: { line, detail } }],
  warnings: [],
})
