import { describe, expect, it } from 'vitest'
import { formatDecimal, formatMoneyText, parseDecimal } from './number.ts'

describe('parseDecimal', () => {
  it.each([
    ['1234,50', 'pl', '1234.50'],
    ['1 234,5', 'pl', '1234.5'],
    ['1\u00a0234,50', 'pl', '1234.50'],
    ['12.5', 'pl', '12.5'],
    ['-0,10', 'pl', '-0.10'],
    ['007', 'pl', '7'],
    [',5', 'pl', '0.5'],
    ['1,234.50', 'en', '1234.50'],
    ['1234.5', 'en', '1234.5'],
    ['23', 'en', '23'],
    ['-0', 'en', '0'],
  ] as const)('%s in %s → %s', (text, lang, expected) => {
    expect(parseDecimal(text, lang)).toBe(expected)
  })

  it.each([
    ['', 'pl'],
    ['abc', 'pl'],
    ['1,2,3', 'pl'],
    ['1.234,50', 'pl'],
    ['1,234', 'pl'],
    ['12,345', 'pl'],
    ['1.234', 'en'],
    ['12,5', 'en'],
    ['1,23,456', 'en'],
    ['1e3', 'en'],
  ] as const)('rejects %s in %s', (text, lang) => {
    expect(parseDecimal(text, lang)).toBeNull()
  })
})

describe('formatDecimal', () => {
  it('groups Polish numbers from five digits with a non-breaking space and a decimal comma, English with commas', () => {
    const shown = {
      pl: { '1234.5': '1234,50', '12345.5': '12\u00a0345,50', '-1234567': '-1\u00a0234\u00a0567,00' },
      en: { '1234.5': '1,234.50', '999': '999.00' },
    }
    for (const [lang, values] of Object.entries(shown) as [keyof typeof shown, Record<string, string>][])
      for (const [value, text] of Object.entries(values)) expect(formatMoneyText(value, lang), value).toBe(text)
  })
  it("shows a percent as typed, with the language's decimal mark", () => {
    expect(formatDecimal('8.5', 'en')).toBe('8.5')
  })
  it('leaves text that is not a number as typed', () => {
    expect(formatDecimal('12,', 'pl')).toBe('12,')
  })
  it('round-trips what it formats', () => {
    for (const v of ['0', '0.01', '999.99', '1234.5', '100000', '-42.10']) {
      for (const lang of ['pl', 'en'] as const) {
        expect(parseDecimal(formatDecimal(v, lang), lang)).toBe(v)
      }
    }
  })
})
