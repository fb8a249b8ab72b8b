/**
 * Stable identities of transactions, derived from their origin so that a row recomputed from changed books keeps
 * the identity the user's flags are recorded against (docs/events.md, "Identities"):
 *
 * - an item occurrence: `i{itemId}-{yyyy-mm}`, the item and the month of the occurrence's cash date (an item occurs
 *   at most once a month, and the identity survives a change of the day);
 * - a tax obligation: `{vat|pit|zus}-{yyyy-mm}` for a monthly period, `{vat|pit}-{yyyy}-Q{1-4}` for a quarter — the
 *   kind and the period it pays for;
 * - a year-end settlement: `pit-annual-{yyyy}` (the annual return of the tax year) and `health-annual-{yyyy}` (the
 *   annual health settlement of the contribution year that starts in that year);
 * - a manual transaction: its own record id, as digits (`57`).
 *
 * All forms are safe in a URL path. Digits also name the rows recorded by the frozen-month model (integer ids from
 * the same per-user counter as manual rows, so the two never collide); the books map them to identities.
 */
import { addMonthsToMonth, isYearMonth } from './calendar.ts'
import type { YearMonthString } from './types.ts'

export type TransactionId = string

export type TaxKind = 'VAT' | 'PIT' | 'SocialSecurity' | 'PITAnnual' | 'HealthAnnual'

export type ParsedTransactionId =
  | { readonly kind: 'item'; readonly itemId: number; readonly month: YearMonthString }
  | { readonly kind: 'tax'; readonly tax: TaxKind; readonly from: YearMonthString; readonly to: YearMonthString }
  | { readonly kind: 'number'; readonly id: number }

const PREFIX: Record<TaxKind, string> = {
  VAT: 'vat',
  PIT: 'pit',
  SocialSecurity: 'zus',
  PITAnnual: 'pit-annual',
  HealthAnnual: 'health-annual',
}
const KIND: Record<string, TaxKind> = { vat: 'VAT', pit: 'PIT', zus: 'SocialSecurity' }

/** The identity of an item's occurrence in a (cash) month. */
export const itemOccurrenceId = (itemId: number, month: YearMonthString): TransactionId => `i${itemId}-${month}`

const quarterOf = (from: YearMonthString, to: YearMonthString): number | null => {
  const m = Number(from.slice(5, 7))
  return (m - 1) % 3 === 0 && addMonthsToMonth(from, 2) === to ? (m + 2) / 3 : null
}

/** The identity of a tax obligation: its kind and the period (one month, or a calendar quarter) it pays for. */
export const taxObligationId = (kind: TaxKind, from: YearMonthString, to: YearMonthString): TransactionId => {
  // A year-end settlement is one per year: the year its period starts in (a Scale/Linear contribution year runs
  // February – January, a ryczałt one and every tax year January – December).
  if (kind === 'PITAnnual' || kind === 'HealthAnnual') return `${PREFIX[kind]}-${from.slice(0, 4)}`
  if (from === to) return `${PREFIX[kind]}-${from}`
  const q = quarterOf(from, to)
  // The engine's periods are months or calendar quarters; any other span still gets a unique, readable form.
  return q === null ? `${PREFIX[kind]}-${from}-${to}` : `${PREFIX[kind]}-${from.slice(0, 4)}-Q${q}`
}

/** The identity of a manual transaction (its record id). */
export const manualTransactionId = (id: number): TransactionId => String(id)

const ITEM = /^i([1-9]\d{0,15})-(\d{4}-\d{2})$/
const TAX = /^(vat|pit|zus)-(\d{4}-\d{2})(?:-(\d{4}-\d{2}))?$/
const TAX_QUARTER = /^(vat|pit)-(\d{4})-Q([1-4])$/
const NUMBER = /^[1-9]\d{0,15}$/
const ANNUAL = /^(pit|health)-annual-(\d{4})$/

/** Parses any transaction id (identity, manual id or frozen-model id); `null` when it is none of them. */
export const parseTransactionId = (id: unknown): ParsedTransactionId | null => {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? { kind: 'number', id } : null
  if (typeof id !== 'string' || id.length > 40) return null
  if (NUMBER.test(id)) {
    const n = Number(id)
    return Number.isSafeInteger(n) ? { kind: 'number', id: n } : null
  }
  let m = ITEM.exec(id)
  if (m) {
    const itemId = Number(m[1])
    return Number.isSafeInteger(itemId) && isYearMonth(m[2]!) ? { kind: 'item', itemId, month: m[2]! } : null
  }
  m = ANNUAL.exec(id)
  if (m) {
    const year = Number(m[2])
    if (year < 1 || year > 9998) return null
    // The widest period the settlement can cover (a Scale/Linear contribution year ends in January of the next).
    return m[1] === 'pit'
      ? { kind: 'tax', tax: 'PITAnnual', from: `${m[2]}-01`, to: `${m[2]}-12` }
      : { kind: 'tax', tax: 'HealthAnnual', from: `${m[2]}-01`, to: `${String(year + 1).padStart(4, '0')}-01` }
  }
  m = TAX_QUARTER.exec(id)
  if (m) {
    const from = `${m[2]}-${String(Number(m[3]) * 3 - 2).padStart(2, '0')}`
    return { kind: 'tax', tax: KIND[m[1]!]!, from, to: addMonthsToMonth(from, 2) }
  }
  m = TAX.exec(id)
  if (m) {
    const from = m[2]!
    const to = m[3] ?? from
    if (!isYearMonth(from) || !isYearMonth(to) || to < from || (m[3] !== undefined && quarterOf(from, to) !== null))
      return null
    if (m[1] === 'zus' && from !== to) return null
    return { kind: 'tax', tax: KIND[m[1]!]!, from, to }
  }
  return null
}

/** The month a ZUS row's identity names (`zus-yyyy-mm`, always one month), or `undefined` for any other row. */
export const contributionRowMonth = (id: TransactionId): YearMonthString | undefined => {
  const p = parseTransactionId(id)
  return p?.kind === 'tax' && p.tax === 'SocialSecurity' ? p.from : undefined
}

/** `true` for a string or number that `parseTransactionId` accepts. */
export const isTransactionId = (id: unknown): boolean => parseTransactionId(id) !== null

/**
 * The month an identity belongs to on the monthly dashboard when its row is not at hand: an occurrence's cash month,
 * the month after a tax period (when it falls due), April after a tax year (the annual return, 30 April) and May
 * after a contribution year (the health settlement, 20 May) — their statutory months, before a move to a working
 * day. Manual ids have no month of their own here (`null`).
 */
export const monthOfIdentity = (p: ParsedTransactionId): YearMonthString | null => {
  if (p.kind === 'item') return p.month
  if (p.kind !== 'tax') return null
  const next = String(Number(p.from.slice(0, 4)) + 1).padStart(4, '0')
  if (p.tax === 'PITAnnual') return `${next}-04`
  if (p.tax === 'HealthAnnual') return `${next}-05`
  return addMonthsToMonth(p.to, 1)
}
