/**
 * The encoding and the format of a statement file, told from its bytes by evidence, never guessed:
 * - a UTF-8 byte order mark, or valid UTF-8 whose characters beyond ASCII are Polish letters, is UTF-8; plain ASCII
 *   reads the same in every candidate and is reported as UTF-8; valid UTF-8 with other characters is UTF-8 unless its
 *   bytes read as Polish letters in a code page (then it was valid UTF-8 only by chance);
 * - otherwise each single-byte code page Polish banks use (Windows-1250, ISO-8859-2, CP852) is tried: it fits when
 *   every byte above 0x7F decodes to a Polish letter (or one of a few typographic signs banks write). Windows-1250
 *   and ISO-8859-2 share the bytes of ć ę ł ń ó ż (and capitals) but differ for ą ś ź; CP852 differs in all. When
 *   several code pages fit and give the same text (only the shared letters occur) the text is certain and the
 *   first of them is named; when they fit with different texts, or none fits, the file is refused with its reason.
 * Decoding uses iconv-lite (Node's TextDecoder has no CP852).
 */
import iconv from 'iconv-lite'
import { StatementError } from './errors.ts'
import type { StatementEncoding, StatementFormat } from './types.ts'

const POLISH = new Set('ąćęłńóśźżĄĆĘŁŃÓŚŹŻ')
/** Signs besides the letters that Polish statements write above ASCII. */
const SIGNS = new Set('„”“–—§°€\u00a0')

const SINGLE_BYTE: readonly StatementEncoding[] = ['windows-1250', 'iso-8859-2', 'cp852']

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Whether every character above ASCII is a Polish letter or one of the signs. */
const onlyPolish = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0x80 && !POLISH.has(text[i]!) && !SIGNS.has(text[i]!)) return false
  }
  return true
}

const hasHighByte = (bytes: Uint8Array) => {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true
  return false
}

export interface Decoded {
  readonly text: string
  readonly encoding: StatementEncoding
}

type ByteKind = { readonly char: string; readonly kind: 'letter' | 'sign' | 'other' }

/** What each byte 0x80–0xFF is in each code page: its character, and whether it is a Polish letter or a sign. */
let tables: Map<StatementEncoding, readonly ByteKind[]> | null = null
const tableOf = (encoding: StatementEncoding): readonly ByteKind[] => {
  tables ??= new Map(
    SINGLE_BYTE.map((e) => [
      e,
      Array.from({ length: 128 }, (_, i): ByteKind => {
        const char = iconv.decode(Buffer.from([0x80 + i]), e)
        return { char, kind: POLISH.has(char) ? 'letter' : SIGNS.has(char) ? 'sign' : 'other' }
      }),
    ]),
  )
  return tables.get(encoding)!
}

/** The text of a statement file and the encoding it was found in; throws `bank.encoding.*` when it cannot be told. */
export const decodeStatement = (bytes: Uint8Array): Decoded => {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    try {
      return { text: utf8.decode(bytes.subarray(3)), encoding: 'utf-8' }
    } catch {
      throw new StatementError('bank.encoding.invalid', 'The file starts with a UTF-8 mark but is not valid UTF-8')
    }
  }
  if (!hasHighByte(bytes)) return { text: utf8.decode(bytes), encoding: 'utf-8' }
  let asUtf8: string | null = null
  try {
    asUtf8 = utf8.decode(bytes)
  } catch {
    // Not UTF-8: one of the single-byte code pages.
  }
  // Valid UTF-8 whose other characters are Polish letters is UTF-8 (no code page reads a UTF-8 Polish letter as one).
  if (asUtf8 !== null && onlyPolish(asUtf8)) return { text: asUtf8, encoding: 'utf-8' }
  // Which high bytes occur: each one, once, is what the code pages are judged by.
  const present: number[] = []
  const seen = new Uint8Array(128)
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (b >= 0x80 && seen[b - 0x80] === 0) {
      seen[b - 0x80] = 1
      present.push(b - 0x80)
    }
  }
  const fitting = SINGLE_BYTE.filter((e) => present.every((b) => tableOf(e)[b]!.kind !== 'other'))
  // Valid UTF-8 with other letters (a Ukrainian name) that no code page reads as Polish is UTF-8; bytes that are
  // valid UTF-8 only by chance (Windows-1250 "Ół" is UTF-8 "ӳ") read as Polish in a code page and are judged below.
  if (asUtf8 !== null && fitting.length === 0) return { text: asUtf8, encoding: 'utf-8' }
  if (fitting.length === 0)
    throw new StatementError(
      'bank.encoding.unknown',
      'The file is not UTF-8 and its other characters are not Polish letters in Windows-1250, ISO-8859-2 or CP852',
    )
  const texts = new Set(fitting.map((e) => present.map((b) => tableOf(e)[b]!.char).join('')))
  if (texts.size > 1)
    throw new StatementError(
      'bank.encoding.ambiguous',
      `The file's characters read as Polish letters in more than one code page (${fitting.join(', ')})`,
    )
  const encoding = fitting[0]!
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding), encoding }
}

/** The control characters that open and close an MT940 block in some banks' files (SOH, ETX). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: SOH and ETX are what the banks write
export const BLOCK_MARKS = /[\u0001\u0003]/g

/** The format of a decoded statement: camt.053 XML, MT940, or CSV (anything with a delimited header). */
export const detectFormat = (text: string): StatementFormat | null => {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (head.startsWith('<'))
    return /urn:iso:std:iso:20022:tech:xsd:camt\.053\./.test(text.slice(0, 8192)) ? 'camt053' : null
  const mt = head.replace(BLOCK_MARKS, '')
  if (/^(?:\{.*)?:20:/m.test(mt) && /^:(?:25|28C?|60[FM]):/m.test(mt)) return 'mt940'
  const firstLines = head.split(/\r?\n/).slice(0, 40)
  if (firstLines.some((l) => (l.match(/[;,\t]/g)?.length ?? 0) >= 2)) return 'csv'
  return null
}
