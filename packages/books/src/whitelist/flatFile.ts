/**
 * The Ministry of Finance's flat file of the VAT payers' list (plik płaski, published daily; format as the
 * Ministry's technical description gives it): a JSON object
 * `{ naglowek: { dataGenerowaniaDanych: "YYYYMMDD", liczbaTransformacji: "5000", schemat }, skrotyPodatnikowCzynnych:
 * [hash…], skrotyPodatnikowZwolnionych: [hash…], maski: [mask…] }`. Each hash is SHA-512 applied
 * `liczbaTransformacji` times, each time to the previous result's lower-case hex digits, starting from the text
 * `YYYYMMDD` + NIP + the 26-digit account. Virtual accounts (a bank's collection accounts that carry the payer's
 * identifier) appear as masks: 26 characters where digits are the bank's fixed part, `Y` the digits taken from the
 * account and `X` the digits left as the letter X; the masked account is hashed like an account.
 *
 * The file is large (millions of hashes), so it is never parsed as a whole: the header and the masks are read as
 * JSON, the hash sections are checked byte by byte (every entry 128 hex digits in quotes) and searched as bytes.
 */
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { WhiteListError, type WhiteList, type WhiteListAnswer, type WhiteListQuery } from './port.ts'

export interface FlatFile {
  /** `YYYY-MM-DD`: the day the list is of. */
  readonly date: string
  readonly iterations: number
  readonly active: number
  readonly exempt: number
  readonly masks: readonly string[]
  /** Which section holds the hash (`null`: none). */
  find(hash: string): 'active' | 'exempt' | null
}

const refuse = (code: string, message: string): never => {
  throw new WhiteListError(code, message)
}

/** The hash the flat file lists for a day (`YYYYMMDD`), NIP and account (26 digits or a masked account). */
export const flatFileHash = (day: string, nip: string, account: string, iterations: number): string => {
  let h = `${day}${nip}${account}`
  for (let i = 0; i < iterations; i++) h = createHash('sha512').update(h, 'utf8').digest('hex')
  return h
}

/** The `[ … ]` of the array under `key`: its bounds in `bytes` (after `[`, at `]`). */
const arrayOf = (bytes: Buffer, key: string): { from: number; to: number } => {
  const at = bytes.indexOf(`"${key}"`)
  if (at < 0) return refuse('whitelist.file.section', `The file has no "${key}"`)
  let i = at + key.length + 2
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++
  if (bytes[i] !== 0x3a) return refuse('whitelist.file.section', `"${key}" is not followed by a colon`)
  i++
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++
  if (bytes[i] !== 0x5b) return refuse('whitelist.file.section', `"${key}" is not a list`)
  const end = bytes.indexOf(0x5d, i)
  if (end < 0) return refuse('whitelist.file.section', `The list "${key}" does not end`)
  return { from: i + 1, to: end }
}

const isHex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09

/** Counts the hashes of a section, refusing anything that is not `"<128 hex>"` separated by commas. */
const countHashes = (bytes: Buffer, { from, to }: { from: number; to: number }, key: string): number => {
  let n = 0
  let i = from
  const bad = () => refuse('whitelist.file.hash', `"${key}" holds an entry that is not a SHA-512 hash (byte ${i})`)
  for (;;) {
    while (i < to && isSpace(bytes[i]!)) i++
    if (i >= to) break
    if (n > 0) {
      if (bytes[i] !== 0x2c) bad()
      i++
      while (i < to && isSpace(bytes[i]!)) i++
    }
    if (bytes[i] !== 0x22 || bytes[i + 129] !== 0x22) bad()
    for (let k = i + 1; k <= i + 128; k++) if (!isHex(bytes[k]!)) bad()
    i += 130
    n++
  }
  return n
}

const HEADER_DATE = /^(\d{4})(\d{2})(\d{2})$/

/** Reads and checks a flat file; throws `WhiteListError` (`whitelist.file.*`) with the reason when it is not one. */
export const readFlatFile = (input: Uint8Array): FlatFile => {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  let start = 0
  while (start < bytes.length && isSpace(bytes[start]!)) start++
  if (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3
  if (bytes[start] !== 0x7b)
    refuse('whitelist.file.notJson', 'The file is not the JSON flat file of the VAT payers list')
  const h = bytes.indexOf('"naglowek"')
  if (h < 0) refuse('whitelist.file.header', 'The file has no header (naglowek)')
  const open = bytes.indexOf(0x7b, h)
  const close = bytes.indexOf(0x7d, open)
  let header: Record<string, unknown>
  try {
    header = JSON.parse(bytes.subarray(open, close + 1).toString('utf8')) as Record<string, unknown>
  } catch {
    return refuse('whitelist.file.header', 'The header (naglowek) is not valid JSON')
  }
  const day = String(header.dataGenerowaniaDanych ?? '')
  const dm = HEADER_DATE.exec(day)
  const date = dm ? `${dm[1]}-${dm[2]}-${dm[3]}` : ''
  const parsed = dm ? new Date(`${date}T00:00:00Z`) : null
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    refuse('whitelist.file.date', 'The header has no valid date (dataGenerowaniaDanych, YYYYMMDD)')
  const iterations = Number(header.liczbaTransformacji)
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 100_000)
    refuse('whitelist.file.iterations', 'The header has no valid number of transformations (liczbaTransformacji)')
  const activeRange = arrayOf(bytes, 'skrotyPodatnikowCzynnych')
  const exemptRange = arrayOf(bytes, 'skrotyPodatnikowZwolnionych')
  const masksRange = arrayOf(bytes, 'maski')
  const active = countHashes(bytes, activeRange, 'skrotyPodatnikowCzynnych')
  const exempt = countHashes(bytes, exemptRange, 'skrotyPodatnikowZwolnionych')
  let masks: unknown
  try {
    masks = JSON.parse(`[${bytes.subarray(masksRange.from, masksRange.to).toString('utf8')}]`)
  } catch {
    return refuse('whitelist.file.masks', 'The masks (maski) are not a JSON list')
  }
  if (!Array.isArray(masks) || masks.some((m) => typeof m !== 'string' || !/^[0-9XY]{26}$/.test(m)))
    refuse('whitelist.file.masks', 'A mask (maski) is not 26 characters of digits, X and Y')
  const within = (hash: string, r: { from: number; to: number }) => {
    const needle = `"${hash.toLowerCase()}"`
    const at = bytes.indexOf(needle, r.from)
    return at >= 0 && at < r.to
  }
  return {
    date,
    iterations,
    active,
    exempt,
    masks: masks as string[],
    find: (hash) => (within(hash, activeRange) ? 'active' : within(hash, exemptRange) ? 'exempt' : null),
  }
}

/** The masked forms of an account: each mask whose fixed digits are the account's, with its `Y` digits filled in. */
export const maskedAccounts = (account: string, masks: readonly string[]): string[] => {
  const out: string[] = []
  for (const m of masks) {
    let fits = true
    let masked = ''
    for (let i = 0; i < 26 && fits; i++) {
      const c = m[i]!
      if (c === 'Y') masked += account[i]
      else if (c === 'X') masked += 'X'
      else if (c === account[i]) masked += c
      else fits = false
    }
    if (fits) out.push(masked)
  }
  return out
}

/**
 * The flat file as a `WhiteList`: it answers for payments of its day and before (the list of its day; the books keep
 * as evidence the answer of the list nearest after the payment), never for a later day.
 */
export const flatFileWhiteList = (file: FlatFile): WhiteList & { readonly file: FlatFile } => ({
  source: 'flatFile',
  file,
  check: async (q: WhiteListQuery): Promise<WhiteListAnswer | null> =>
    q.date > file.date ? null : checkFlatFile(file, q),
})

/** The flat file's answer for a NIP and account on the file's day (the account itself, then its masked forms). */
export const checkFlatFile = (file: FlatFile, q: Omit<WhiteListQuery, 'date'>): WhiteListAnswer => {
  const day = file.date.replace(/-/g, '')
  for (const account of [q.account, ...maskedAccounts(q.account, file.masks)]) {
    const found = file.find(flatFileHash(day, q.nip, account, file.iterations))
    if (found) return { result: found, listDate: file.date, requestId: null }
  }
  return { result: 'absent', listDate: file.date, requestId: null }
}
