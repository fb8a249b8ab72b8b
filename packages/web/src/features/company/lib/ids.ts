/**
 * Polish identifiers checked on the company forms. A wrong checksum is reported as a warning the user may
 * override (foreign data), a malformed Polish postal code as a field error.
 */

const digitsOf = (s: string): string => s.replace(/^PL/i, '').replace(/[\s-]/g, '')

const checksum = (digits: string, weights: readonly number[]): number =>
  weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0) % 11

/** NIP: 10 digits (dashes, spaces and a `PL` prefix allowed), weights 6 5 7 2 3 4 5 6 7, mod 11. */
export const isValidNip = (nip: string): boolean => {
  const d = digitsOf(nip)
  if (!/^\d{10}$/.test(d)) return false
  const c = checksum(d, [6, 5, 7, 2, 3, 4, 5, 6, 7])
  return c !== 10 && c === Number(d[9])
}

/** REGON: 9 digits (weights 8 9 2 3 4 5 6 7) or 14 digits (2 4 8 5 0 9 7 3 6 1 2 4 8); mod 11, 10 counts as 0. */
export const isValidRegon = (regon: string): boolean => {
  const d = digitsOf(regon)
  if (/^\d{9}$/.test(d)) return checksum(d, [8, 9, 2, 3, 4, 5, 6, 7]) % 10 === Number(d[8])
  if (/^\d{14}$/.test(d)) return checksum(d, [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8]) % 10 === Number(d[13])
  return false
}

/** Polish postal code `NN-NNN`. */
export const isPolishPostCode = (code: string): boolean => /^\d{2}-\d{3}$/.test(code.trim())

/** An address is treated as Polish when its country is empty or names Poland. */
export const isPolishCountry = (country: unknown): boolean =>
  typeof country !== 'string' || /^\s*(|pl|pol|polska|poland|rzeczpospolita polska)\s*$/i.test(country)
