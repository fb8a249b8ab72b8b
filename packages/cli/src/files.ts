/**
 * Files the commands read and write, with the system's refusals in the CLI's own words. Node's texts
 * (`EISDIR: illegal operation on a directory, read`) and the JSON parser's (`Unexpected end of JSON input`) are
 * English and name neither the file nor the place; every command reads its input through here, so a missing file, a
 * directory, a file it may not read or a JSON file that is not JSON is a user error (exit code 1) that names the file,
 * the reason and, for JSON, the line and column.
 */
import { constants } from 'node:fs'
import { access, readFile, stat } from 'node:fs/promises'
import { CliError } from './errors.ts'
import { type Lang, type MessageKey, translate } from './i18n.ts'

/** The system's error codes the CLI explains; any other is named by its code. */
const REASONS: Readonly<Record<string, MessageKey>> = {
  ENOENT: 'reasonNoFile',
  ENOTDIR: 'reasonNoFile',
  EISDIR: 'reasonDirectory',
  EACCES: 'reasonDenied',
  EPERM: 'reasonDenied',
  EROFS: 'reasonReadOnly',
  ENOSPC: 'reasonNoSpace',
  EDQUOT: 'reasonNoSpace',
  EEXIST: 'reasonExists',
  ENAMETOOLONG: 'reasonNameTooLong',
  ELOOP: 'reasonLoop',
  EMFILE: 'reasonTooManyFiles',
  ENFILE: 'reasonTooManyFiles',
  EIO: 'reasonIo',
  ERR_FS_FILE_TOO_LARGE: 'reasonTooLarge',
}

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Whether `e` is a refusal of the file system (it has a code such as `ENOENT`), not another kind of failure. */
export const isSystemError = (e: unknown): boolean => {
  const code = codeOf(e)
  return code !== undefined && (Object.hasOwn(REASONS, code) || /^E[A-Z]+$/.test(code))
}

/** Why the system refused, in `lang` (`to katalog, a nie plik`); a code the CLI does not explain is named. */
export const systemReason = (lang: Lang, e: unknown, writing = false): string => {
  const code = codeOf(e) ?? ''
  // Writing to a path whose directory does not exist is ENOENT too: the file is to be made, the directory is missing.
  if (writing && code === 'ENOENT') return translate(lang, 'reasonNoDirectory')
  return Object.hasOwn(REASONS, code) ? translate(lang, REASONS[code]!) : translate(lang, 'reasonOther', code || '?')
}

/** A file that cannot be read, as a user error naming it and the reason. */
export const readError = (file: string, e: unknown): CliError =>
  new CliError((lang) => translate(lang, 'cannotRead', file, systemReason(lang, e)))

/** A file that cannot be written, as a user error naming it and the reason. */
export const writeError = (file: string, e: unknown): CliError =>
  new CliError((lang) => translate(lang, 'cannotWrite', file, systemReason(lang, e, true)))

/**
 * Checks that `file` is a file the command can go on to read (a stream, a database): it exists, is not a directory
 * and may be read. Throws the user error otherwise.
 */
export const checkInputFile = async (file: string): Promise<void> => {
  try {
    if ((await stat(file)).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' })
    await access(file, constants.R_OK)
  } catch (e) {
    throw readError(file, e)
  }
}

/** The bytes of an input file; a file that cannot be read is a user error naming it and the reason. */
export const readInputFile = async (file: string): Promise<Buffer> => {
  try {
    return await readFile(file)
  } catch (e) {
    throw readError(file, e)
  }
}

/** The text (UTF-8) of an input file; a file that cannot be read is a user error naming it and the reason. */
export const readInputText = async (file: string): Promise<string> => (await readInputFile(file)).toString('utf8')

/** Where a JSON text first goes wrong: its offset, and the character found there (null: the text ended). */
export interface JsonFault {
  readonly offset: number
  readonly found: string | null
}

/** The scanner's way out at the first fault. */
class Fault extends Error {
  readonly fault: JsonFault
  constructor(fault: JsonFault) {
    super('not JSON')
    this.fault = fault
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

/**
 * The first fault of a text that is not JSON (RFC 8259), found by a scanner of its grammar: the parser's own message
 * gives a position only for some faults, and in English. Null for valid JSON.
 */
export const jsonFault = (text: string): JsonFault | null => {
  let i = 0
  const fault = (): never => {
    throw new Fault({ offset: i, found: i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : null })
  }
  const space = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++
  }
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fault()
      i++
    }
  }
  const string = () => {
    i++ // the opening quote
    for (;;) {
      if (i >= text.length) fault()
      const ch = text[i]!
      if (ch === '"') {
        i++
        return
      }
      if (ch === '\\') {
        ESCAPE.lastIndex = i
        if (!ESCAPE.test(text)) fault()
        i = ESCAPE.lastIndex
      } else if (ch < ' ') fault()
      else i++
    }
  }
  /** An object's or a list's members, separated by commas, up to `close` (the opening bracket at `i`). */
  const members = (close: '}' | ']', member: () => void) => {
    i++
    space()
    if (text[i] === close) {
      i++
      return
    }
    for (;;) {
      member()
      space()
      if (text[i] === ',') i++
      else if (text[i] === close) {
        i++
        return
      } else fault()
    }
  }
  const value = (depth: number): void => {
    if (depth > 10_000) fault()
    space()
    const ch = text[i]
    if (ch === '{')
      members('}', () => {
        space()
        if (text[i] !== '"') fault()
        string()
        space()
        if (text[i] !== ':') fault()
        i++
        value(depth + 1)
      })
    else if (ch === '[') members(']', () => value(depth + 1))
    else if (ch === '"') string()
    else if (ch === 't') literal('true')
    else if (ch === 'f') literal('false')
    else if (ch === 'n') literal('null')
    else number()
  }
  const number = () => {
    NUMBER.lastIndex = i
    if (!NUMBER.test(text)) fault()
    i = NUMBER.lastIndex
  }
  try {
    value(0)
    space()
    if (i < text.length) fault()
    return null
  } catch (e) {
    if (e instanceof Fault) return e.fault
    // Nested deeper than the stack goes: the fault is where the scanner stopped.
    return { offset: i, found: null }
  }
}

/** Line and column (from 1) of an offset of a text. */
const placeOf = (text: string, offset: number): { line: number; column: number } => {
  let line = 1
  let start = 0
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++
    start = k + 1
  }
  return { line, column: offset - start + 1 }
}

/** A character as the reader can see it: quoted when printable, else its code point (`U+0001`). */
const shown = (ch: string): string =>
  /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch)
    ? `"${ch}"`
    : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/** What the fault is, in `lang`: the text ends too early, or an unexpected character. */
const faultText = (lang: Lang, f: JsonFault): string =>
  f.found === null ? translate(lang, 'jsonEnds') : translate(lang, 'jsonUnexpected', shown(f.found))

/** Where and why a text is not JSON (`wiersz 3, kolumna 14: nieoczekiwany znak "}"`), in `lang`. */
export const jsonFaultText = (lang: Lang, text: string): string => {
  const f = jsonFault(text) ?? { offset: text.length, found: null }
  const { line, column } = placeOf(text, f.offset)
  return translate(lang, 'jsonAt', line, column, faultText(lang, f))
}

/** Where and why one line of a JSON-lines file is not JSON (`kolumna 14: …`), in `lang`. */
export const jsonLineFaultText = (lang: Lang, text: string): string => {
  const f = jsonFault(text) ?? { offset: text.length, found: null }
  return translate(lang, 'jsonAtColumn', f.offset + 1, faultText(lang, f))
}

/**
 * The JSON of a file's text (a byte order mark before it, as some editors write, is skipped); a text that is not JSON
 * is a user error naming the file, the line and the column.
 */
export const parseJsonFile = (file: string, text: string, message: 'notJson' | 'setupNotJson' = 'notJson'): unknown => {
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text
  try {
    return JSON.parse(json)
  } catch {
    throw new CliError((lang) => translate(lang, message, file, jsonFaultText(lang, json)))
  }
}
