/**
 * Which Polish bank keeps an account: the first three digits of the sort code (numer rozliczeniowy, the 8 digits
 * after the IBAN's check digits) are the bank's number in the National Bank of Poland's register of sort codes.
 */
const BANKS: Readonly<Record<string, string>> = {
  '102': 'pko',
  '114': 'mbank',
  '105': 'ing',
  '109': 'santander',
  '124': 'pekao',
  '116': 'millennium',
  '160': 'bnp',
  '203': 'bnp',
  '249': 'alior',
}

/** The bank of a Polish IBAN as a variant name ("pko", "mbank", …), or "generic" for another bank or country. */
export const bankOfAccount = (iban: string): string =>
  /^PL\d{5}/.test(iban) ? (BANKS[iban.slice(4, 7)] ?? 'generic') : 'generic'
