/**
 * Account numbers: IBAN validation (ISO 13616, mod 97-10 of ISO 7064), the individual tax micro-account
 * (mikrorachunek podatkowy) derived from a NIP, and the shape of a payer's individual ZUS contribution account.
 *
 * The micro-account (Ordynacja podatkowa art. 61b; structure published by the Ministry of Finance at
 * podatki.gov.pl): `CC 1010 0071 222Y XXXX XXXX XX00`, where `10100071` is the settlement number of the NBP branch
 * that keeps the accounts, `222` is fixed, `Y` is the identifier's kind (`2` a NIP, `1` a PESEL) and the 10 digits
 * of the NIP are followed by `00` (a PESEL's 11 by `0`); `CC` are the IBAN check digits of `PL` and those 24 digits.
 * Example: NIP 7831916366 → `56 1010 0071 2222 7831 9163 6600`.
 *
 * A payer's individual contribution account (numer rachunku składkowego, NRS) since 2018: 26 digits whose bank
 * part is `60000002` (ZUS's settlement number); ZUS assigns it, so it is entered by the user, never derived.
 */

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

/** IBAN lengths of the countries a Polish sole trader's counterparties mostly bank in; others: 15–34 characters. */
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

/** Whether a compact, upper-cased number (`PL…`, `DE…`) is an IBAN of its country's length with right check digits. */
export const ibanChecks = (s: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false
  const expected = LENGTHS[s.slice(0, 2)]
  if (expected !== undefined && s.length !== expected) return false
  return mod97(s.slice(4) + s.slice(0, 4)) === 1
}

/**
 * An account number as typed (spaces, dashes, lower case, a Polish NRB without the `PL`) in its stored form:
 * `PL` + 26 digits, or another country's IBAN upper-cased; `null` when it is no valid IBAN.
 */
export const normalizeIban = (input: string): string | null => {
  let s = input.replace(/[\s-]/g, '').toUpperCase()
  if (s.startsWith('IBAN')) s = s.slice(4)
  if (/^\d{26}$/.test(s)) s = `PL${s}`
  if (s.startsWith('PL') && !/^PL\d{26}$/.test(s)) return null
  return ibanChecks(s) ? s : null
}

export const isValidIban = (input: string): boolean => normalizeIban(input) !== null

/** The IBAN of a Polish BBAN (24 digits: the bank's 8-digit settlement number and the 16-digit account). */
export const polishIban = (bban: string): string => `PL${String(98 - mod97(`${bban}PL00`)).padStart(2, '0')}${bban}`

/** The tax micro-account of a NIP (`PL` + 26 digits); `null` when the NIP is not 10 digits. */
export const taxMicroAccount = (nip: string): string | null => {
  const n = nip.replace(/[\s-]/g, '').replace(/^PL/i, '')
  if (!/^\d{10}$/.test(n)) return null
  return polishIban(`101000712222${n}00`)
}

/** `true` for a valid Polish account in ZUS's bank (settlement number `60000002`): an individual contribution account. */
export const isZusAccount = (account: string): boolean => {
  const s = normalizeIban(account)
  return s?.startsWith('PL') === true && s.slice(4, 12) === '60000002'
}

/** An account grouped for reading: `PL56 1010 0071 2222 7831 9163 6600`. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ')
