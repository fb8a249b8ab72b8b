/**
 * The 'Company expense' / 'Company income' checkbox of SPEC §4, with the invoice date's default replaced
 * (docs/decisions.md, "The invoice date's default"):
 * - ticking sets the VAT percent to the default one when it was 0 (or empty) and, when the invoice date is
 *   empty, sets it to the item's own date (the specification's "one month before, on the 28th" moved items into
 *   another tax month behind the user's back);
 * - the invoice date follows the item's date while the user has not typed another one ({@link changeItemDate});
 * - unticking sets the percent to 0 and clears the invoice date.
 * The default VAT percent is 23 until the VAT setting is loaded, then that setting's percent.
 */
import { isLocalDate } from '@finance/ledger-core'

export const DEFAULT_VAT_PERCENT = '23'

export interface CompanyFields {
  isCompany: boolean
  percent: string
  invoiceDate: string | null
  /** `zw` / `np` when the VAT setting in force says the sales are exempt or not subject (no rate to fill in). */
  vatTreatment?: 'zw' | 'np'
}

const isZero = (p: unknown): boolean => p === undefined || p === null || p === '' || /^0+(\.0*)?$/.test(String(p))

/** The invoice date a company item starts with: its own date; `null` when `date` is not a date yet. */
export const defaultInvoiceDate = (date: unknown): string | null => (isLocalDate(date) ? date : null)

/**
 * The fields to change when the item's date becomes `date`: the date, and the invoice date too while it was empty
 * or still equal to the old date (the user has not given another one).
 */
export const changeItemDate = (
  item: { date?: unknown; invoiceDate?: unknown; isCompany?: unknown },
  date: unknown,
): Record<string, unknown> => {
  const invoice = item.invoiceDate
  const follows =
    item.isCompany === true && (invoice === null || invoice === undefined || invoice === '' || invoice === item.date)
  return follows ? { date, invoiceDate: isLocalDate(date) ? date : null } : { date }
}

/** The changed fields after the checkbox becomes `checked`. */
export const applyCompanyFlag = (
  item: { date?: unknown; percent?: unknown; invoiceDate?: unknown },
  checked: boolean,
  defaultVatPercent: string = DEFAULT_VAT_PERCENT,
): CompanyFields => {
  if (!checked) return { isCompany: false, percent: '0', invoiceDate: null }
  const invoiceDate =
    typeof item.invoiceDate === 'string' && item.invoiceDate !== '' ? item.invoiceDate : defaultInvoiceDate(item.date)
  // A setting of zw / np has no rate: the item is exempt / not subject itself (docs/tax-rules.md §32).
  if ((defaultVatPercent === 'zw' || defaultVatPercent === 'np') && isZero(item.percent))
    return { isCompany: true, percent: '0', vatTreatment: defaultVatPercent, invoiceDate }
  const percent = isZero(item.percent) ? defaultVatPercent : String(item.percent)
  return { isCompany: true, percent, invoiceDate }
}

/** The default percent from the loaded VAT setting (its `dataObject.percent`), else 23. */
export const vatPercentOf = (vat: { dataObject?: { percent?: unknown } } | null | undefined): string => {
  const p = vat?.dataObject?.percent
  return typeof p === 'string' && p !== '' ? p : typeof p === 'number' ? String(p) : DEFAULT_VAT_PERCENT
}

/** The VAT percent a new company item gets: fixed, or the one in force on the item's date. */
export type VatPercentSource = string | ((date: unknown) => string)

/**
 * The VAT percent in force on `date` from the VAT settings' history: the setting with the latest date on or before
 * it; 23 before the first setting or for a date that is not a date yet.
 */
export const vatPercentOn = (
  history: readonly { dataObject?: { date?: unknown; percent?: unknown } }[],
  date: unknown,
): string => {
  if (!isLocalDate(date)) return vatPercentOf(latestOnOrBefore(history, undefined))
  return vatPercentOf(latestOnOrBefore(history, date))
}

const latestOnOrBefore = <T extends { dataObject?: { date?: unknown } }>(
  history: readonly T[],
  date: string | undefined,
): T | undefined => {
  let best: T | undefined
  let bestDate = ''
  for (const r of history) {
    const d = r.dataObject?.date
    if (typeof d !== 'string' || (date !== undefined && d > date)) continue
    if (d >= bestDate) {
      best = r
      bestDate = d
    }
  }
  return best
}

export const resolveVatPercent = (source: VatPercentSource, date: unknown): string =>
  typeof source === 'string' ? source : source(date)
