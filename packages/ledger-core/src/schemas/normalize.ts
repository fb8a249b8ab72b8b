/** Normalisers of loose money and percent input into the canonical strings stored in events (no Schema library). */

import type { FieldError } from '../errors.ts'
import { isMoneyInBounds } from './bounds.ts'

/** Whether a JSON input is an object (not `null`, not a list). */
export const isJsonObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * The object of a part a body may leave out (`spouse`, `offset`, an invoice's `payment`): null when absent
 * (`undefined` or `null`); null too, with an error on `field` reading `message`, when it is of another type — a part
 * given as `true` or `"PIT"` is refused, not read as left out.
 */
export const optionalObject = (
  errors: FieldError[],
  field: string,
  v: unknown,
  message: string,
): Record<string, unknown> | null => {
  if (v === undefined || v === null) return null
  if (isJsonObject(v)) return v
  errors.push({ field, code: 'VALIDATION', message })
  return null
}

/** A loose input as an object to read fields from: itself when it is a plain object, else an empty one. */
export const looseObject = (x: unknown): Record<string, unknown> => (isJsonObject(x) ? x : {})

const DECIMAL_2 = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/

/**
 * Turns a loose money input into the canonical string: numbers and numeric strings with at most two decimals
 * (`12` → `"12.00"`, `"5.5"` → `"5.50"`, `" 7 "` → `"7.00"`). `null` when it is not such a number.
 */
export const normalizeMoney = (input: unknown): string | null => {
  const s = typeof input === 'number' ? (Number.isFinite(input) ? numberToPlain(input) : '') : input
  if (typeof s !== 'string') return null
  const m = DECIMAL_2.exec(s.trim())
  if (!m) return null
  const whole = m[2]!.replace(/^0+(?=\d)/, '')
  const frac = (m[3] ?? '').padEnd(2, '0')
  const negative = m[1] === '-' && (whole !== '0' || frac !== '00')
  return `${negative ? '-' : ''}${whole}.${frac}`
}

/**
 * Whole złoty greater than 0, within the bounds of an amount, as a canonical money string (`"1200.00"`), or `null`:
 * a VAT refund and the part of it set against future liabilities (the declaration's P_54, P_60 are whole złoty).
 */
export const normalizeWholeZloty = (input: unknown): string | null => {
  const m = normalizeMoney(input)
  return m !== null && isMoneyInBounds(m) && m.endsWith('.00') && !m.startsWith('-') && m !== '0.00' ? m : null
}

/**
 * Turns a loose percent input into the canonical string (`23`, `"23.00"` → `"23"`, `"8.50"` → `"8.5"`);
 * `null` unless it is a number 0–100 with at most two decimals.
 */
export const normalizePercent = (input: unknown): string | null => {
  const money = normalizeMoney(input)
  if (money === null || money.startsWith('-')) return null
  const [whole, frac] = money.split('.') as [string, string]
  if (Number(whole) > 100 || (Number(whole) === 100 && frac !== '00')) return null
  const f = frac.replace(/0+$/, '')
  return f === '' ? whole : `${whole}.${f}`
}

/**
 * The decimal text of a JSON number. A whole number is written out in full (`1e21` → `1000000000000000000000`), so
 * that one too large for an amount gets the bound's message rather than the decimals'; a fraction printed in
 * exponent notation (`1e-7`) is refused (`''`). (The API reads a number a double cannot hold as written as its text,
 * http/jsonBody.ts, so a number here is the decimal the client wrote.)
 */
const numberToPlain = (n: number): string => {
  if (Number.isInteger(n)) return BigInt(n).toString()
  const s = String(n)
  return /e/i.test(s) ? '' : s
}
