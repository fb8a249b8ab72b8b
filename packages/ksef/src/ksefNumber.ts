/**
 * The KSeF number (faktury/numer-ksef.md): `NNNNNNNNNN-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters — the seller's NIP, the
 * day KSeF accepted the invoice, 12 upper-case hex digits and a CRC-8 (polynomial 0x07, initial value 0x00) of the
 * first 32 characters, in two upper-case hex digits.
 */
export const crc8 = (text: string): number => {
  let crc = 0
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  return crc
}

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0')

/** The number for a NIP, a day (`YYYYMMDD`) and a 12-digit technical part. */
export const ksefNumberOf = (nip: string, day: string, technical: string): string => {
  const data = `${nip}-${day}-${technical.toUpperCase()}`
  return `${data}-${hex2(crc8(data))}`
}

const SHAPE = /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/

/** Whether a text is a 35-character KSeF number whose checksum holds. */
export const isKsefNumber = (text: string): boolean =>
  text.length === 35 && SHAPE.test(text) && hex2(crc8(text.slice(0, 32))) === text.slice(33)
