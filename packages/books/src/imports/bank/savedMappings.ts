/**
 * The CSV mappings a user saved with the books (`BankCsvMappingSaved`), offered on the next import: a CSV file of a
 * bank without a preset is read with the saved mapping whose header row is the file's (at the mapping's header
 * line, compared as `csvHeaderSignature` normalises it).
 */
import { type BankCsvMappingState, csvHeaderSignature } from '@finance/ledger-core/light'
import { decodeStatement } from './detect.ts'
import type { CsvMapping } from './types.ts'

/** The first saved mapping made for this file's header row, or `null` (a file that cannot be decoded has none). */
export const savedMappingFor = (
  bytes: Uint8Array,
  mappings: Iterable<BankCsvMappingState>,
): { readonly id: number; readonly name: string; readonly mapping: CsvMapping } | null => {
  let lines: string[]
  try {
    lines = decodeStatement(bytes).text.split(/\r?\n/, 1001)
  } catch {
    return null
  }
  const live = [...mappings].filter((m) => !m.deleted).sort((a, b) => a.id - b.id)
  for (const m of live) {
    const mapping = m.mapping as unknown as CsvMapping
    const row = lines[mapping.headerLine - 1]
    if (row !== undefined && csvHeaderSignature(row, mapping.delimiter) === m.header)
      return { id: m.id, name: m.name, mapping }
  }
  return null
}
