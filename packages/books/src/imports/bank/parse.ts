/**
 * The one entry for reading a bank statement file: detects the encoding and the format from the bytes and hands
 * the text to the format's parser. A file that fails anywhere is refused whole with its reason.
 *
 * `parseStatementFile` is synchronous and reads camt.053 without its schema check; `readStatementFile` (async)
 * first validates a camt.053 file against the official schema of its version (libxml2, offline) and refuses an
 * invalid one with the validator's reason, then parses as `parseStatementFile` does. An import should use
 * `readStatementFile`.
 */
import { camtVersionOf, checkCamt053, parseCamt053, validateCamt053 } from './camt053.ts'
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

/**
 * As `readStatementFile` for many files at once (an import of several months): the camt.053 files of each version
 * are checked against their schema in one run of the validator. Results in the order given, one per file.
 */
export const readStatementFiles = async (
  files: readonly { readonly bytes: Uint8Array; readonly options?: StatementFileOptions }[],
): Promise<StatementFileResult[]> => {
  const detected = files.map((f) => {
    try {
      return decodeAndDetect(f.bytes)
    } catch (e) {
      return refused(e)
    }
  })
  const problems = new Map<number, StatementError>()
  const byVersion = new Map<string | null, number[]>()
  detected.forEach((d, i) => {
    if (!('format' in d) || d.format !== 'camt053') return
    const version = camtVersionOf(d.text)
    byVersion.set(version, [...(byVersion.get(version) ?? []), i])
  })
  for (const [version, indexes] of byVersion) {
    const checks = await checkCamt053(
      indexes.map((i) => (detected[i] as { text: string }).text),
      version,
    )
    checks.forEach((problem, k) => {
      if (problem) problems.set(indexes[k]!, problem)
    })
  }
  return detected.map((d, i) => {
    if (!('format' in d)) return d
    const problem = problems.get(i)
    if (problem) return refused(problem)
    try {
      return { ok: true, statements: parseText(d.text, d.format, files[i]!.options ?? {}), encoding: d.encoding }
    } catch (e) {
      return refused(e)
    }
  })
}
