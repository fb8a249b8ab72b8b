import { describe, expect, it } from 'vitest'
import { isPolishCountry } from './ids.ts'

describe('isPolishCountry', () => {
  it('treats an empty country or Poland as Polish', () => {
    expect(isPolishCountry('')).toBe(true)
    expect(isPolishCountry(undefined)).toBe(true)
    expect(isPolishCountry('Polska')).toBe(true)
    expect(isPolishCountry(' poland ')).toBe(true)
    expect(isPolishCountry('PL')).toBe(true)
  })
  it('treats other countries as foreign', () => {
    expect(isPolishCountry('Germany')).toBe(false)
    expect(isPolishCountry('Polandia')).toBe(false)
  })
})
