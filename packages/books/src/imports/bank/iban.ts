/**
 * Account numbers: IBAN checked by ISO 13616 mod-97 (the remainder of the number, rearranged with letters as
 * 10–35, divided by 97 must be 1), written without spaces in capitals; a Polish NRB (26 digits, whose first two
 * digits are the IBAN check digits) gets its `PL`. The check itself is the core's (`bank/iban.ts`).
 */
import { ibanChecks, polishIban } from '@finance/ledger-core/light'

/** The number without spaces, dashes and a leading slash, in capitals; a 26-digit NRB gets `PL`. */
export const normaliseIban = (account: string): string => {
  const s = account
    .replace(/^\s*\/+/, '')
    .replace(/[\s\u00a0-]/g, '')
    .toUpperCase()
  return /^\d{26}$/.test(s) ? `PL${s}` : s
}

/** Whether `account` (after `normaliseIban`) is an IBAN whose check digits are right (the core's one check). */
export const isValidIban = (account: string): boolean => ibanChecks(normaliseIban(account))

/** The IBAN of a Polish account from its bank's sort code (8 digits) and the account number (16 digits). */
export const polishIbanOf = (sortCode: string, accountNumber: string): string | null =>
  /^\d{8}$/.test(sortCode) && /^\d{16}$/.test(accountNumber) ? polishIban(sortCode + accountNumber) : null

/** Whether a text looks like an account number at all (an IBAN, an NRB, or `/`-prefixed forms of them). */
export const looksLikeAccount = (text: string): boolean =>
  /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$|^\d{26}$/.test(normaliseIban(text))
