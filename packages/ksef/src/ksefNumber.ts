/**
 * The KSeF number (faktury/numer-ksef.md): `NNNNNNNNNN-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters — the seller's NIP, the
 * day KSeF accepted the invoice, 12 upper-case hex digits and a CRC-8 (polynomial 0x07, initial value 0x00) of the
 * first 32 characters, in two upper-case hex digits. The check itself is the core's (`isValidKsefNumber`), which every
 * door of the books applies.
 */
import { isValidKsefNumber, ksefCheckDigits } from '@finance/ledger-core/light'

/** The CRC-8 of a text, as a number. */
export const crc8 = (text: string): number => Number.parseInt(ksefCheckDigits(text), 16)

/** The number for a NIP, a day (`YYYYMMDD`) and a 12-digit technical part. */
export const ksefNumberOf = (nip: string, day: string, technical: string): string => {
  const data = `${nip}-${day}-${technical.toUpperCase()}`
  return `${data}-${ksefCheckDigits(data)}`
}

/** Whether a text is a 35-character KSeF number whose checksum holds (KSeF 2.0 assigns no other form). */
export const isKsefNumber = (text: string): boolean => text.length === 35 && isValidKsefNumber(text)
