import { describe, expect, it } from 'vitest'
import { isValidKsefNumber, ksefCheckDigits } from './documentCodes.ts'

describe('the KSeF number (faktury/numer-ksef.md)', () => {
  it('holds when its last two hex digits are the CRC-8 of the 32 characters before them', () => {
    // Numbers of the KSeF 2.0 documentation.
    for (const n of [
      '5265877635-20250826-0100001AF629-AF',
      '5265877635-20250916-010040741B3E-46',
      '5265877635-20250916-0200A0D6723E-C2',
      '5555555555-20250828-010080615740-E4',
    ])
      expect(isValidKsefNumber(n)).toBe(true)
    expect(ksefCheckDigits('5265877635-20250826-0100001AF629')).toBe('AF')
  })

  it('is refused with wrong check digits, lower-case hex or a wrong shape', () => {
    expect(isValidKsefNumber('5260250274-20261105-0100A0B0C0D0-7F')).toBe(false)
    expect(isValidKsefNumber('5260250274-20261105-0100A0B0C0D0-13')).toBe(true)
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false)
    expect(isValidKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false)
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629')).toBe(false)
    expect(isValidKsefNumber('5265877635-20251326-0100001AF629-AF')).toBe(false)
  })

  it('checks the 36-character form of the schemas without its inner dash', () => {
    expect(isValidKsefNumber('5265877635-20250826-0100001-AF629-AF')).toBe(false)
    expect(isValidKsefNumber('5265877635-20250826-010000-1AF629-AF')).toBe(true)
    expect(isValidKsefNumber('5265877635-20250826-010000-1AF629-AE')).toBe(false)
  })
})
