/**
 * Account numbers: IBAN checked by ISO 13616 mod-97 (the remainder of the number, rearranged with letters as
 * 10–35, divided by 97 must be 1), written without spaces in capitals; a Polish NRB (26 digits, whose first two
 * digits are the IBAN check digits) gets its `PL`.
 */

/** The number without spaces, dashes and a leading slash, in capitals; a 26-digit NRB gets `PL`. */
export const normaliseIban = (account: string): string => {
  const s = account
    .replace(/^\s*\/+/, '')
    .replace(/[\s\u00a0-]/g, '')
    .toUpperCase()
  return /^\d{26}$/.test(s) ? `PL${s}` : s
}

/** ISO 7064 mod 97-10 of a string of digits and capital letters (letters count as 10–35). */
const mod97 = (s: string): number => {
  let r = 0
  for (const ch of s) {
    const c = ch.charCodeAt(0)
    const v = c >= 65 && c <= 90 ? String(c - 55) : ch
    for (const d of v) r = (r * 10 + (d.charCodeAt(0) - 48)) % 97
  }
  return r
}

/** Lengths of the IBANs of the countries a Polish sole trader's counterparties mostly bank in. */
const LENGTHS: Readonly<Record<string, number>> = {
  PL: 28,
  DE: 22,
  GB: 22,
  FR: 27,
  NL: 18,
  CZ: 24,
  SK: 24,
  LT: 20,
  IE: 22,
  ES: 24,
  IT: 27,
  AT: 20,
  BE: 16,
  LU: 20,
  CH: 21,
  SE: 24,
  DK: 18,
  NO: 15,
  FI: 18,
  EE: 20,
  LV: 21,
  UA: 29,
}

/** Whether `account` (after `normaliseIban`) is an IBAN whose check digits are right. */
export const isValidIban = (account: string): boolean => {
  const s = normaliseIban(account)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false
  const length = LENGTHS[s.slice(0, 2)]
  if (length !== undefined && s.length !== length) return false
  return mod97(s.slice(4) + s.slice(0, 4)) === 1
}

/** The IBAN of a Polish account from its bank's sort code (8 digits) and the account number (16 digits). */
export const polishIbanOf = (sortCode: string, accountNumber: string): string | null => {
  if (!/^\d{8}$/.test(sortCode) || !/^\d{16}$/.test(accountNumber)) return null
  const bban = sortCode + accountNumber
  const check = 98 - mod97(`${bban}PL00`)
  return `PL${String(check).padStart(2, '0')}${bban}`
}

/** Whether a text looks like an account number at all (an IBAN, an NRB, or `/`-prefixed forms of them). */
export const looksLikeAccount = (text: string): boolean =>
  /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$|^\d{26}$/.test(normaliseIban(text))
