/**
 * Decimal numbers as the user types and reads them. Money and percents never pass through a float:
 * the user's text is normalised to a decimal string (`"1234.50"`) and decimal strings are formatted
 * by manipulating digits, with the Polish (`1 234,50`) or English (`1,234.50`) conventions.
 */

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

const group = (digits: string, separator: string, minDigits: number): string => {
  if (digits.length < minDigits) return digits
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator
    out += digits[i]
  }
  return out
}

export interface FormatOptions {
  /** Pad or keep the fraction at exactly this many digits (2 for money); `undefined` keeps the given digits. */
  fractionDigits?: number
}

/**
 * Formats a decimal string for display: `formatDecimal('1234.5', 'pl', { fractionDigits: 2 })` → `"1 234,50"`
 * (with a non-breaking space, Polish groups from 10 000 on like `Intl`), `'en'` → `"1,234.50"`.
 * A value that is not a decimal string is returned unchanged (so half-typed input stays visible).
 */
export const formatDecimal = (value: string, language: Language, options: FormatOptions = {}): string => {
  if (!isDecimalString(value)) return value
  const neg = value.startsWith('-')
  const [whole = '0', fracRaw = ''] = (neg ? value.slice(1) : value).split('.')
  const digits = options.fractionDigits
  const frac = digits === undefined ? fracRaw : fracRaw.padEnd(digits, '0').slice(0, digits)
  const w = language === 'pl' ? group(whole, '\u00a0', 5) : group(whole, ',', 4)
  const point = language === 'pl' ? ',' : '.'
  return `${neg ? '-' : ''}${w}${frac ? point + frac : ''}`
}

/** Money for display: always two decimals. */
export const formatMoneyText = (value: string, language: Language): string =>
  formatDecimal(value, language, { fractionDigits: 2 })
