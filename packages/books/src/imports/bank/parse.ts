/**
 * The one entry for reading a bank statement file: detects the encoding and the format from the bytes and hands
 * the text to the format's parser. A file that fails anywhere is refused whole with its reason.
 *
 * `parseStatementFile` is synchronous and reads camt.053 without its schema check; `readStatementFile` (async)
 * first validates a camt.053 file against the official schema of its version (libxml2, offline) and refuses an
 * invalid one with the validator's reason, then parses as `parseStatementFile` does. An import should use
 * `readStatementFile`.
 */
import { camtVersionOf, parseCamt053, validateCamt053 } from './camt053.ts'
import { parseCsv } from './csv.ts'
import { decodeStatement, detectFormat } from './detect.ts'
import { StatementError } from './errors.ts'
import { parseMt940 } from './mt940.ts'
import type { BankStatement, CsvMapping, StatementEncoding, StatementParseError } from './types.ts'

export type StatementFileResult =
  | { readonly ok: true; readonly statements: readonly BankStatement[]; readonly encoding: StatementEncoding }
  | { readonly ok: false; readonly error: StatementParseError }

export interface StatementFileOptions {
  /** The columns of a CSV export of a bank without a preset. */
  readonly csvMapping?: CsvMapping
  /** The account (an IBAN) of a CSV export that does not name it (PKO BP's history export). */
  readonly account?: string
}

/** Files larger than this are refused unread (five years of a busy account's statements are far smaller). */
export const MAX_STATEMENT_BYTES = 50 * 1024 * 1024

const refused = (e: unknown): StatementFileResult => {
  if (e instanceof StatementError) return { ok: false, error: e.toParseError() }
  throw e
}

const decodeAndDetect = (bytes: Uint8Array) => {
  if (bytes.byteLength === 0) throw new StatementError('bank.file.empty', 'The file is empty')
  if (bytes.byteLength > MAX_STATEMENT_BYTES)
    throw new StatementError('bank.file.tooLarge', 'The file is larger than 50 MB')
  const { text, encoding } = decodeStatement(bytes)
  const format = detectFormat(text)
  if (!format) throw new StatementError('bank.format.unknown', 'The file is not a bank statement in a supported format')
  return { text, encoding, format }
}

const parseText = (text: string, format: string, options: StatementFileOptions) =>
  format === 'mt940'
    ? parseMt940(text)
    : format === 'camt053'
      ? parseCamt053(text)
      : parseCsv(text, options.csvMapping, options.account)

export const parseStatementFile = (bytes: Uint8Array, options: StatementFileOptions = {}): StatementFileResult => {
  try {
    const { text, encoding, format } = decodeAndDetect(bytes)
    return { ok: true, statements: parseText(text, format, options), encoding }
  } catch (e) {
    return refused(e)
  }
}

/** As `parseStatementFile`, with a camt.053 file validated against its version's official schema first. */
export const readStatementFile = async (
  bytes: Uint8Array,
  options: StatementFileOptions = {},
): Promise<StatementFileResult> => {
  try {
    const { text, encoding, format } = decodeAndDetect(bytes)
    if (format === 'camt053') await validateCamt053(text, camtVersionOf(text))
    return { ok: true, statements: parseText(text, format, options), encoding }
  } catch (e) {
    return refused(e)
  }
}
