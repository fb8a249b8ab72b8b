import { describe, expect, it } from 'vitest'
import { formatIban, isValidIban, isZusAccount, normalizeIban, taxMicroAccount } from './iban.ts'

describe('IBAN', () => {
  it('accepts published example IBANs and a Polish NRB typed with spaces', () => {
    // The ECBS / SWIFT registry's examples.
    expect(normalizeIban('PL61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874')
    expect(normalizeIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000')
    expect(normalizeIban('GB82 WEST 1234 5698 7654 32')).toBe('GB82WEST12345698765432')
    expect(normalizeIban('61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874')
  })
  it('refuses a changed digit, a wrong length and letters in a Polish number', () => {
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 2875')).toBe(false)
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 287')).toBe(false)
    expect(isValidIban('PL6110901014000007121981287A')).toBe(false)
    expect(isValidIban('')).toBe(false)
  })
  it('groups by four for reading', () => {
    expect(formatIban('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874')
  })
})

describe('tax micro-account', () => {
  it('derives the published example of NIP 7831916366', () => {
    expect(taxMicroAccount('7831916366')).toBe('PL56101000712222783191636600')
    expect(taxMicroAccount('783-191-63-66')).toBe('PL56101000712222783191636600')
  })
  it('is always a valid IBAN in the NBP branch 10100071, and refuses a NIP of the wrong length', () => {
    for (const nip of ['5260250274', '1234563218', '0000000000']) {
      const a = taxMicroAccount(nip)!
      expect(isValidIban(a)).toBe(true)
      expect(a.slice(4, 16)).toBe('101000712222')
      expect(a.slice(16, 26)).toBe(nip)
    }
    expect(taxMicroAccount('123')).toBeNull()
  })
})

describe('ZUS contribution account', () => {
  it('is a valid Polish account of the bank 60000002', () => {
    const bban = '600000020000000000000001'
    const cc = String(98 - Number(BigInt(`${bban}252100`) % 97n)).padStart(2, '0')
    expect(isZusAccount(`PL${cc}${bban}`)).toBe(true)
    expect(isZusAccount('PL61109010140000071219812874')).toBe(false)
    expect(isZusAccount(`PL${cc}${bban.slice(0, -1)}2`)).toBe(false)
  })
})
