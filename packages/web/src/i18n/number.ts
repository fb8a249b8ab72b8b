/**
 * Decimal numbers as the user types and reads them. Money and percents never pass through a float:
 * the user's text is normalised to a decimal string (`"1234.50"`); display goes through the shared formatting
 * module (`@finance/ledger-core/format`), which formats decimal strings exactly with `Intl`.
 */

import { formatAmount, formatMoney, formatNumber, formatPercent } from '@finance/ledger-core/format'

export type Language = 'pl' | 'en'

const CANONICAL = /^-?\d+(\.\d{1,2})?$/

/** `true` for a decimal string with at most two decimals, as the API expects (`"12"`, `"0.5"`, `"-3.10"`). */
export const isDecimalString = (s: unknown): s is string => typeof s === 'string' && CANONICAL.test(s)

/**
 * Reads what the user typed in `language` and returns a canonical decimal string, or `null` when it is not a
 * number with at most two decimals. Grouping spaces (also non-breaking) are ignored; Polish uses a decimal
 * comma (a dot is accepted too), English a decimal dot with optional comma grouping.
 */
export const parseDecimal = (text: string, language: Language): string | null => {
  let s = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (s === '') return null
  if (language === 'pl') {
    if ((s.match(/,/g) ?? []).length > 1) return null
    if (s.includes(',') && s.includes('.')) return null
    s = s.replace(',', '.')
  } else {
    if (/,\d{0,2}$/.test(s) && !s.includes('.')) {
      // "12,5" typed in English is ambiguous; treat a trailing comma group shorter than 3 digits as an error
      return null
    }
    if (s.includes(',') && !/^-?\d{1,3}(,\d{3})*(\.\d*)?$/.test(s)) return null
    s = s.replace(/,/g, '')
  }
  if (s.startsWith('+')) s = s.slice(1)
  if (s.endsWith('.')) s = s.slice(0, -1)
  if (s.startsWith('.')) s = `0${s}`
  if (s.startsWith('-.')) s = `-0${s.slice(1)}`
  if (!CANONICAL.test(s)) return null
  return normalise(s)
}

/** Strips leading zeros and a negative zero: `"007.5"` → `"7.5"`, `"-0"` → `"0"`. */
const normalise = (s: string): string => {
  const neg = s.startsWith('-')
  const [whole = '0', frac] = (neg ? s.slice(1) : s).split('.')
  const w = whole.replace(/^0+(?=\d)/, '')
  const out = frac === undefined ? w : `${w}.${frac}`
  return neg && /[1-9]/.test(out) ? `-${out}` : out
}

export interface FormatOptions {
  /** Pad or keep the fraction at exactly this many digits (2 for money); `undefined` keeps the given digits. */
  fractionDigits?: number
}

/**
 * Formats a decimal string for display through the shared formatting module: `formatDecimal('1234.5', 'pl',
 * { fractionDigits: 2 })` → `"1234,50"`, `"12 000,50"` from five digits on like `Intl`; `'en'` → `"1,234.50"`.
 * A value that is not a decimal string is returned unchanged (so half-typed input stays visible).
 */
export const formatDecimal = (value: string, language: Language, options: FormatOptions = {}): string => {
  if (!isDecimalString(value)) return value
  const given = value.split('.')[1]?.length ?? 0
  return formatNumber(language, value, options.fractionDigits ?? given)
}

/** Money for display without the currency: always two decimals. */
export const formatMoneyText = (value: string, language: Language): string => formatAmount(language, value)

/** Money for display with the currency: `12 000,00 zł` / `PLN 12,000.00`. */
export const formatMoneyWithCurrency = (value: string, language: Language): string => formatMoney(language, value)

/** A percent given as its number (`"23"`): `23%`. */
export const formatPercentText = (value: string, language: Language): string => formatPercent(language, value)
