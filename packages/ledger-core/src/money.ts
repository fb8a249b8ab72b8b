/**
 * Exact money. Inside the core money is integer grosze (`bigint`, 1 zł = 100n); at the edges it is a decimal
 * string with at most two decimals. No float ever holds money. Every rounding is a named function with the rule
 * it follows (Ordynacja podatkowa art. 63 for tax amounts).
 */
import type { Grosze, MoneyString, PercentString } from './types.ts'

/** Thrown when a string is not a decimal amount with at most two decimals. */
export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError'
  readonly input: string
  constructor(input: string) {
    super(`Not a money amount with at most two decimals: ${JSON.stringify(input)}`)
    this.input = input
  }
}

/** Thrown when a string is not a percent with at most two decimals. */
export class PercentFormatError extends Error {
  override readonly name = 'PercentFormatError'
  readonly input: string
  constructor(input: string) {
    super(`Not a percent with at most two decimals: ${JSON.stringify(input)}`)
    this.input = input
  }
}

const DECIMAL_2 = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/

/** `true` when `s` is a decimal amount with at most two decimals (`"12"`, `"12.5"`, `"-0.10"`). */
export const isMoneyString = (s: unknown): s is MoneyString => typeof s === 'string' && DECIMAL_2.test(s)

/** Parses a 2-decimal string into hundredths (shared by money and percent parsing). */
const parseHundredths = (s: string): bigint | null => {
  const m = DECIMAL_2.exec(s)
  if (!m) return null
  const whole = BigInt(m[2]!)
  const frac = BigInt((m[3] ?? '').padEnd(2, '0'))
  const v = whole * 100n + frac
  return m[1] === '-' ? -v : v
}

/**
 * Parses a decimal money string into grosze: `"1234.5"` → `123450n`, `"-0.10"` → `-10n`.
 * @throws MoneyFormatError on more than two decimals, a comma, spaces, an empty string or anything not a number.
 */
export const parseMoney = (s: string): Grosze => {
  const v = typeof s === 'string' ? parseHundredths(s) : null
  if (v === null) throw new MoneyFormatError(String(s))
  return v
}

/** Formats grosze as a decimal string with exactly two decimals: `123450n` → `"1234.50"`, `-10n` → `"-0.10"`. */
export const formatMoney = (g: Grosze): MoneyString => {
  const neg = g < 0n
  const a = neg ? -g : g
  const zl = a / 100n
  const gr = a % 100n
  return `${neg ? '-' : ''}${zl}.${gr < 10n ? '0' : ''}${gr}`
}

/** `true` when `s` is a percent with at most two decimals, `0 ≤ percent ≤ 100`. */
export const isPercentString = (s: unknown): s is PercentString => {
  if (typeof s !== 'string') return false
  const v = parseHundredths(s)
  return v !== null && v >= 0n && v <= 10000n
}

/**
 * Parses a percent string into hundredths of a percent (basis points): `"23"` → `2300n`, `"8.5"` → `850n`.
 * @throws PercentFormatError when not a number with at most two decimals.
 */
export const parsePercent = (s: PercentString): bigint => {
  const v = typeof s === 'string' ? parseHundredths(s) : null
  if (v === null) throw new PercentFormatError(String(s))
  return v
}

/**
 * Integer division rounded half away from zero: `n / d` with a remainder of at least half of `d` rounded up in
 * magnitude. `d` must be positive. This is the one rounding primitive every named rounding below uses.
 */
export const divRoundHalfUp = (n: bigint, d: bigint): bigint => {
  if (d <= 0n) throw new RangeError('divisor must be positive')
  const neg = n < 0n
  const a = neg ? -n : n
  const q = (2n * a + d) / (2n * d)
  return neg ? -q : q
}

/**
 * Rounds grosze to full złoty per Ordynacja podatkowa art. 63 §1: ends under 50 gr are dropped, ends of 50 gr and
 * more are raised to the full złoty. Negative amounts round symmetrically (−12.50 → −13.00). The result is a
 * multiple of `100n`.
 */
export const roundHalfUpToZloty = (g: Grosze): Grosze => divRoundHalfUp(g, 100n) * 100n

/**
 * `percent` of `g`, exact, rounded half-up to the grosz: `percentOf(10000n, "23")` → `2300n` (23 % of 100 zł).
 * Used for per-item VAT and for contributions (rounded to the grosz).
 */
export const percentOf = (g: Grosze, percent: PercentString): Grosze =>
  divRoundHalfUp(g * parsePercent(percent), 10000n)

/**
 * A gross amount (what a bank line moved) split at `percent` VAT: the net `gross ÷ (1 + percent)` rounded half up to
 * the grosz, the VAT the difference, so net + VAT is the gross to the grosz. `statedVat` is that VAT when the item's
 * own rule (`percentOf(net)`) would give another by a grosz of rounding — an item states it as `documentVat` — else
 * `null`. `splitGross(246000n, "23")` → net 200000n, VAT 46000n.
 */
export const splitGross = (
  gross: Grosze,
  percent: PercentString,
): { readonly net: Grosze; readonly vat: Grosze; readonly statedVat: Grosze | null } => {
  const p = parsePercent(percent)
  const net = divRoundHalfUp(gross * 10000n, 10000n + p)
  const vat = gross - net
  return { net, vat, statedVat: percentOf(net, percent) === vat ? null : vat }
}

/** Sum of grosze amounts (`0n` for none). */
export const sum = (...amounts: readonly Grosze[]): Grosze => {
  let s = 0n
  for (const a of amounts) s += a
  return s
}

/** The larger of two amounts. */
export const maxG = (a: Grosze, b: Grosze): Grosze => (a > b ? a : b)
/** The smaller of two amounts. */
export const minG = (a: Grosze, b: Grosze): Grosze => (a < b ? a : b)
