/** The UPO schema vendored by the tax files (upo-v4-3.xsd) against the Ministry's own example, and the KSeF number. */
import { readFileSync } from 'node:fs'
import { validateXml } from '@finance/tax-files'
import { describe, expect, it } from 'vitest'
import { crc8, isKsefNumber, ksefNumberOf, upoProblems } from '../src/index.ts'

const example = readFileSync(new URL('./fixtures/upo-faktura-kontekst-id-nip.xml', import.meta.url), 'utf8')

describe('the UPO schema', () => {
  it("the official example from TEST differs from the schema in the receiver's name alone", async () => {
    const raw = await validateXml(example, 'UPO(4-3)')
    expect(raw.errors.map((e) => e.message)).toEqual([
      "Element 'NazwaPodmiotuPrzyjmujacego': The actual value 'Ministerstwo Finansów - środowisko testowe (TE)' does not match the fixed value constraint 'Ministerstwo Finansów'.",
    ])
    // The client's check takes the environment's name of the Ministry, and the rest by the schema.
    expect(await upoProblems(example)).toEqual([])
  })

  it('refuses a UPO without the KSeF number of the document, or from another receiver', async () => {
    const broken = example.replace(/<NumerKSeFDokumentu>[^<]*<\/NumerKSeFDokumentu>/, '')
    expect((await upoProblems(broken)).length).toBeGreaterThan(0)
    const other = example.replace('Ministerstwo Finansów - środowisko testowe (TE)', 'Ktoś inny')
    expect((await upoProblems(other)).length).toBeGreaterThan(0)
  })
})

describe('the KSeF number (faktury/numer-ksef.md)', () => {
  it('checks the CRC-8 of the official examples', () => {
    expect(isKsefNumber('5265877635-20250826-0100001AF629-AF')).toBe(true)
    expect(isKsefNumber('5265877635-20250916-0200A0D6723E-C2')).toBe(true)
    expect(isKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false)
    expect(isKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false)
  })

  it('makes numbers whose checksum holds', () => {
    expect(crc8('123456789')).toBe(0xf4)
    expect(ksefNumberOf('5265877635', '20250826', '0100001AF629')).toBe('5265877635-20250826-0100001AF629-AF')
  })
})
