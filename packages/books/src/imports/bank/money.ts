/**
 * Amounts of a statement as exact integers of the smallest unit (grosze): parsed from the digits the file writes
 * (never through a float) and written back as signed decimal strings with two decimals ("-1234.50").
 */

const AMOUNT = {
  ',': /^(\d+)(?:,(\d{0,2}))?$/,
  '.': /^(\d+)(?:\.(\d{0,2}))?$/,
  either: /^(\d+)(?:[,.](\d{0,2}))?$/,
} as const

/**
 * The grosze of an unsigned amount as banks write it: digits, an optional decimal comma or point and up to two
 * decimals ("1234,5", "1234,", "1 234,56" when `thousands` allows spaces). `null` when it is not such a number.
 */
export const parseUnsignedAmount = (
  text: string,
  options: { readonly decimal: ',' | '.' | 'either'; readonly thousands?: boolean } = { decimal: 'either' },
): bigint | null => {
  let s = text.trim()
  if (options.thousands) s = s.replace(/[\s\u00a0\u202f]/g, '')
  if (options.thousands && options.decimal === ',') s = s.replace(/\.(?=\d{3}(?:\D|$))/g, '')
  const m = AMOUNT[options.decimal].exec(s)
  if (!m) return null
  const whole = BigInt(m[1]!)
  const fraction = (m[2] ?? '').padEnd(2, '0')
  return whole * 100n + BigInt(fraction)
}

/** A signed amount ("-1 234,56", "+12.30", "12,30-" is not accepted): grosze or `null`. */
export const parseSignedAmount = (
  text: string,
  options: { readonly decimal: ',' | '.' | 'either'; readonly thousands?: boolean } = { decimal: 'either' },
): bigint | null => {
  const s = text.trim().replace(/^\u2212/, '-')
  const negative = s.startsWith('-')
  const body = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s
  const v = parseUnsignedAmount(body, options)
  if (v === null) return null
  return negative ? -v : v
}

/** Grosze as a signed decimal string with two decimals: -123450n → "-1234.50". */
export const formatAmount = (grosze: bigint): string => {
  const negative = grosze < 0n
  const abs = negative ? -grosze : grosze
  const whole = abs / 100n
  const fraction = String(abs % 100n).padStart(2, '0')
  return `${negative ? '-' : ''}${whole}.${fraction}`
}

/** A signed decimal string ("-1234.50") back to grosze; it must have exactly two decimals. */
export const amountToGrosze = (amount: string): bigint => {
  if (!/^-?\d+\.\d{2}$/.test(amount)) throw new Error(`Not an amount with two decimals: ${amount}`)
  return BigInt(amount.replace('.', ''))
}
