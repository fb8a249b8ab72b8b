import { describe, expect, it } from 'vitest'
import { isPolishCountry, isPolishPostCode, isValidNip, isValidRegon } from './ids.ts'

describe('Polish identifiers', () => {
  it('accepts NIPs with a correct checksum, with dashes or a PL prefix', () => {
    expect(isValidNip('5260250274')).toBe(true)
    expect(isValidNip('526-025-02-74')).toBe(true)
    expect(isValidNip('PL5260250274')).toBe(true)
    expect(isValidNip('1234563218')).toBe(true)
  })
  it('rejects a wrong NIP checksum or length', () => {
    expect(isValidNip('5260250275')).toBe(false)
    expect(isValidNip('1234567890')).toBe(false)
    expect(isValidNip('526025027')).toBe(false)
  })
  it('checks 9- and 14-digit REGONs', () => {
    expect(isValidRegon('123456785')).toBe(true)
    expect(isValidRegon('123456786')).toBe(false)
    expect(isValidRegon('12345678512347')).toBe(true)
    expect(isValidRegon('12345678512348')).toBe(false)
    expect(isValidRegon('12345')).toBe(false)
  })
  it('checks Polish postal codes NN-NNN', () => {
    expect(isPolishPostCode('00-950')).toBe(true)
    expect(isPolishPostCode('00950')).toBe(false)
    expect(isPolishPostCode('0-9500')).toBe(false)
  })
  it('treats an empty country or Poland as Polish', () => {
    expect(isPolishCountry('')).toBe(true)
    expect(isPolishCountry('Polska')).toBe(true)
    expect(isPolishCountry('Poland')).toBe(true)
    expect(isPolishCountry('Germany')).toBe(false)
  })
})
