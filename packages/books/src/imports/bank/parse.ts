/**
 * The one entry for reading a bank statement file: detects the format and the encoding from the bytes and hands
 * the text to the format's parser. Until the parsers are in, every file is refused with `bank.format.unknown`.
 */
import type { BankStatement, CsvMapping, StatementEncoding, StatementParseError } from './types.ts'

export type StatementFileResult =
  | { readonly ok: true; readonly statements: readonly BankStatement[]; readonly encoding: StatementEncoding }
  | { readonly ok: false; readonly error: StatementParseError }

export const parseStatementFile = (
  _bytes: Uint8Array,
  _options: { readonly csvMapping?: CsvMapping } = {},
): StatementFileResult => ({
  ok: false,
  error: { code: 'bank.format.unknown', message: 'The file is not a bank statement in a supported format' },
})
