/**
 * The identity of a statement line, so that a re-import or an overlapping statement adds nothing:
 * - the bank's own reference where the file has one: `ref|{account}|{reference}`;
 * - otherwise a fingerprint: account, booking date, amount, counterparty account, the title normalised (case,
 *   spacing, Unicode form), and the occurrence index among identical lines of that day in the statement
 *   (`fp|…|{n}`), so two identical transfers of one day stay two lines, and both come back as the same two from an
 *   overlapping statement that covers the whole day.
 * The line id is a 64-bit hash of that key, as 16 hex digits (safe in a URL).
 */
import { formatMoney, parseMoney } from '../money.ts'

export interface LineKeyInput {
  readonly bookingDate: string
  readonly amount: string
  readonly title: string
  readonly counterpartyAccount?: string | null
  readonly bankReference?: string | null
}

/** The amount as `formatMoney` writes it; already canonical amounts (almost all) skip the bigint round trip. */
const CANONICAL = /^-?(?:0|[1-9]\d*)\.\d{2}$/
export const canonicalMoney = (amount: string): string =>
  CANONICAL.test(amount) && amount !== '-0.00' ? amount : formatMoney(parseMoney(amount))

export const normalizeTitle = (title: string): string =>
  title.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()

const normalizeAccount = (a: string | null | undefined): string => (a ?? '').replace(/[\s-]/g, '').toUpperCase()

/** The keys of a statement's lines, in order (`account`: the statement's IBAN). */
export const lineKeys = (account: string, lines: readonly LineKeyInput[]): string[] => {
  const seen = new Map<string, number>()
  return lines.map((l) => {
    const ref = l.bankReference?.trim()
    if (ref) return `ref|${account}|${ref}`
    const base = `fp|${account}|${l.bookingDate}|${canonicalMoney(l.amount)}|${normalizeAccount(l.counterpartyAccount)}|${normalizeTitle(l.title)}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return `${base}|${n}`
  })
}

/** Two independent 32-bit hashes (FNV-1a and a multiply-xorshift) of the key's UTF-16 units, as 16 hex digits. */
export const lineIdOf = (key: string): string => {
  let h1 = 0x811c9dc5
  let h2 = 0x9e3779b9 ^ key.length
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 0x01000193)
    h2 = Math.imul(h2 ^ c, 0x5bd1e995)
    h2 ^= h2 >>> 15
  }
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35)
  h2 ^= h2 >>> 16
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0')
}
