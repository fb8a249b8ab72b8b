/**
 * Building blocks shared by every payload schema: the string shapes of money, percents and dates (Effect Schema),
 * normalisers that turn loose input (numbers, padded strings) into the canonical strings stored in events, and
 * the reusable Polish identifiers validators (NIP, REGON, postal code) the web also uses.
 */
import * as Schema from 'effect/Schema'

/** Money as a decimal string with at most two decimals, canonical form with exactly two: `"1234.50"`. */
export const MoneyStringSchema = Schema.String.pipe(Schema.pattern(/^-?\d+\.\d{2}$/), Schema.brand('MoneyString'))
/** A percent 0–100 with at most two decimals, canonical form without trailing zeros: `"23"`, `"8.5"`. */
export const PercentStringSchema = Schema.String.pipe(Schema.pattern(/^\d{1,3}(\.\d{1,2})?$/))
/** `yyyy-mm-dd`. */
export const LocalDateSchema = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/))
/** `yyyy-mm`. */
export const YearMonthSchema = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}$/))

// Plain (unbranded) variants used in the record schemas so that the decoded types stay `string`.
export const MoneyField = Schema.String.pipe(Schema.pattern(/^-?\d+\.\d{2}$/))
export const PercentField = PercentStringSchema
export const LocalDateField = LocalDateSchema

export { normalizeMoney, normalizePercent } from './normalize.ts'

/** `true` for an absent value: `undefined`, `null`, or a blank string. */
export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** A pragmatic e-mail check (one `@`, no spaces, a dot in the domain), as the web form uses. */
export const isEmail = (s: unknown): boolean =>
  typeof s === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) && s.trim().length <= 254

const digitsOnly = (s: string): string => s.replace(/[\s-]/g, '')

/**
 * NIP checksum: 10 digits (spaces and dashes ignored), weights 6,5,7,2,3,4,5,6,7 over the first nine digits,
 * sum mod 11 equals the tenth digit (a remainder of 10 is never valid).
 */
export const isValidNip = (input: string): boolean => {
  const s = digitsOnly(input)
  if (!/^\d{10}$/.test(s)) return false
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
  let sum = 0
  for (let i = 0; i < 9; i++) sum += Number(s[i]) * w[i]!
  const c = sum % 11
  return c !== 10 && c === Number(s[9])
}

/**
 * REGON checksum: 9 digits (weights 8,9,2,3,4,5,6,7) or 14 digits (weights 2,4,8,5,0,9,7,3,6,1,2,4,8); the sum
 * mod 11 (10 counts as 0) equals the last digit. A 14-digit REGON must also start with a valid 9-digit one.
 */
export const isValidRegon = (input: string): boolean => {
  const s = digitsOnly(input)
  const check = (digits: string, w: readonly number[]): boolean => {
    let sum = 0
    for (let i = 0; i < w.length; i++) sum += Number(digits[i]) * w[i]!
    return (sum % 11) % 10 === Number(digits[w.length])
  }
  if (/^\d{9}$/.test(s)) return check(s, [8, 9, 2, 3, 4, 5, 6, 7])
  if (/^\d{14}$/.test(s))
    return check(s.slice(0, 9), [8, 9, 2, 3, 4, 5, 6, 7]) && check(s, [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8])
  return false
}

/** Polish postal code `NN-NNN`. */
export const isValidPostCode = (input: string): boolean => /^\d{2}-\d{3}$/.test(input.trim())

/**
 * Soft checks the web shows as overridable warnings (a wrong NIP/REGON checksum or postal code). The server
 * accepts such values: real registers contain legacy numbers, and a typo in an optional field must not block
 * saving the rest of the record. Returns `{ field, message }` per suspicious field of a company dataObject.
 */
export const companyWarnings = (dataObject: unknown): { field: string; message: string }[] => {
  const out: { field: string; message: string }[] = []
  if (typeof dataObject !== 'object' || dataObject === null) return out
  const o = dataObject as Record<string, unknown>
  if (typeof o.nip === 'string' && o.nip.trim() !== '' && !isValidNip(o.nip))
    out.push({ field: 'nip', message: 'Nip checksum is not valid' })
  if (typeof o.regon === 'string' && o.regon.trim() !== '' && !isValidRegon(o.regon))
    out.push({ field: 'regon', message: 'Regon checksum is not valid' })
  const addresses: [string, unknown][] = [
    ['invoiceAddress', o.invoiceAddress],
    ['permanentPlaceOfBusinessActivity', o.permanentPlaceOfBusinessActivity],
    ['additionalPlaceOfBusinessActivity', o.additionalPlaceOfBusinessActivity],
    ['postDeliveryAddress', o.postDeliveryAddress],
  ]
  for (const [name, a] of addresses) {
    if (typeof a !== 'object' || a === null) continue
    const pc = (a as Record<string, unknown>).postCode
    if (typeof pc === 'string' && pc.trim() !== '' && !isValidPostCode(pc))
      out.push({ field: `${name}.postCode`, message: 'Post code should be in format NN-NNN' })
  }
  return out
}
