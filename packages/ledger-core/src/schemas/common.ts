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

/** The messages of `companyWarnings`. */
export const CompanyCheckMessages = {
  nipChecksum: 'Nip checksum is not valid',
  nipDigits: 'NIP must be ten digits',
  regonChecksum: 'Regon checksum is not valid',
  regonDigits: 'REGON must be nine or fourteen digits',
  postCode: 'Post code should be in format NN-NNN',
  phone: 'Phone number may contain only digits, spaces, +, - and parentheses',
} as const

/** A phone number loosely: digits with spaces, `+`, `-` and parentheses (`+48 (22) 123-45-67`). */
export const isPhoneNumber = (input: string): boolean => /^[\d\s+()-]+$/.test(input) && /\d/.test(input)

/**
 * Checks of company data the server does not make, for the web to show. The server accepts such values: real
 * registers contain legacy numbers, and a typo in an optional field must not block saving the rest of the record
 * through the API. A wrong NIP or REGON checksum is `overridable` (the web offers "Save anyway"); a NIP that is not
 * ten digits, a REGON that is not nine or fourteen (spaces and dashes ignored), a phone number with other characters
 * and a postal code not in `NN-NNN` form are not: no register holds such a number. Returns `{ field, message,
 * overridable }` per suspicious field of a company dataObject.
 */
export const companyWarnings = (dataObject: unknown): { field: string; message: string; overridable: boolean }[] => {
  const out: { field: string; message: string; overridable: boolean }[] = []
  if (typeof dataObject !== 'object' || dataObject === null) return out
  const o = dataObject as Record<string, unknown>
  if (typeof o.nip === 'string' && o.nip.trim() !== '') {
    if (!/^\d{10}$/.test(digitsOnly(o.nip)))
      out.push({ field: 'nip', message: CompanyCheckMessages.nipDigits, overridable: false })
    else if (!isValidNip(o.nip))
      out.push({ field: 'nip', message: CompanyCheckMessages.nipChecksum, overridable: true })
  }
  if (typeof o.regon === 'string' && o.regon.trim() !== '') {
    if (!/^(\d{9}|\d{14})$/.test(digitsOnly(o.regon)))
      out.push({ field: 'regon', message: CompanyCheckMessages.regonDigits, overridable: false })
    else if (!isValidRegon(o.regon))
      out.push({ field: 'regon', message: CompanyCheckMessages.regonChecksum, overridable: true })
  }
  if (typeof o.phoneNumber === 'string' && o.phoneNumber.trim() !== '' && !isPhoneNumber(o.phoneNumber))
    out.push({ field: 'phoneNumber', message: CompanyCheckMessages.phone, overridable: false })
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
      out.push({ field: `${name}.postCode`, message: CompanyCheckMessages.postCode, overridable: false })
  }
  return out
}
