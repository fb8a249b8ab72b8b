import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, isMoneyString, MoneyFormatError, parseMoney } from './money.ts'
import { isPercentString, PercentFormatError, parsePercent } from './money.ts'
import { divRoundHalfUp, maxG, minG, percentOf, roundHalfUpToZloty, splitGross, sum } from './money.ts'

describe('parseMoney / formatMoney', () => {
  it('parses decimal strings into grosze', () => {
    expect(parseMoney('1234.5')).toBe(123450n)
    expect(parseMoney('1234.50')).toBe(123450n)
    expect(parseMoney('0')).toBe(0n)
    expect(parseMoney('-0.10')).toBe(-10n)
    expect(parseMoney('+7.05')).toBe(705n)
    expect(parseMoney('99999999999999999999.99')).toBe(9999999999999999999999n)
  })
  it.each(['', '1.234', '1,50', ' 1', 'abc', '1e3', '.5', '1.', '--1', 'NaN'])('rejects %j', (s) => {
    expect(() => parseMoney(s)).toThrow(MoneyFormatError)
    expect(isMoneyString(s)).toBe(false)
  })
  it('rejects non-strings', () => {
    expect(() => parseMoney(12 as unknown as string)).toThrow(MoneyFormatError)
    expect(isMoneyString(12)).toBe(false)
  })
  it('formats with exactly two decimals', () => {
    expect(formatMoney(123450n)).toBe('1234.50')
    expect(formatMoney(-10n)).toBe('-0.10')
    expect(formatMoney(0n)).toBe('0.00')
    expect(formatMoney(5n)).toBe('0.05')
    expect(formatMoney(-123456n)).toBe('-1234.56')
  })
  it('round-trips any grosze amount through format and parse', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (g) => parseMoney(formatMoney(g)) === g))
  })
  it('round-trips any valid string to its canonical two-decimal form', () => {
    const arb = fc
      .tuple(fc.boolean(), fc.nat({ max: 10_000_000 }), fc.option(fc.integer({ min: 0, max: 99 })))
      .map(
        ([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === null ? '' : `.${String(frac).padStart(2, '0')}`}`,
      )
    fc.assert(
      fc.property(arb, (s) => {
        const g = parseMoney(s)
        const back = formatMoney(g)
        return parseMoney(back) === g && Number(back) === Number(s)
      }),
    )
  })
  it('never loses a grosz when summing parsed amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { maxLength: 50 }), (gs) => {
        const strings = gs.map(formatMoney)
        const total = sum(...strings.map(parseMoney))
        const expected = gs.reduce((a, b) => a + b, 0n)
        return total === expected && formatMoney(total) === formatMoney(expected)
      }),
    )
  })
})

describe('percent', () => {
  it('parses percents into hundredths', () => {
    expect(parsePercent('23')).toBe(2300n)
    expect(parsePercent('8.5')).toBe(850n)
    expect(parsePercent('0.01')).toBe(1n)
    expect(() => parsePercent('8.555')).toThrow(PercentFormatError)
    expect(() => parsePercent(undefined as unknown as string)).toThrow(PercentFormatError)
  })
  it('validates percent strings between 0 and 100', () => {
    expect(isPercentString('23')).toBe(true)
    expect(isPercentString('100')).toBe(true)
    expect(isPercentString('100.01')).toBe(false)
    expect(isPercentString('-1')).toBe(false)
    expect(isPercentString(23)).toBe(false)
  })
  it('splits a gross amount into the net (rounded half-up) and the VAT, stating the VAT a grosz off the rule', () => {
    expect(splitGross(246000n, '23')).toEqual({ net: 200000n, vat: 46000n, statedVat: null })
    expect(splitGross(4599n, '23')).toEqual({ net: 3739n, vat: 860n, statedVat: null })
    // 1.04 gross: net 0.85, whose 23 % is 0.20, but the gross leaves 0.19 of VAT.
    expect(splitGross(104n, '23')).toEqual({ net: 85n, vat: 19n, statedVat: 19n })
    expect(splitGross(104n, '0')).toEqual({ net: 104n, vat: 0n, statedVat: null })
  })
  it('computes a percent of an amount rounded half-up to the grosz', () => {
    expect(percentOf(10000n, '23')).toBe(2300n)
    expect(percentOf(1n, '50')).toBe(1n) // 0.5 gr → 1 gr
    expect(percentOf(1n, '49.99')).toBe(0n)
    expect(percentOf(12345n, '23')).toBe(2839n) // 28.3935 → 28.39
    expect(percentOf(-12345n, '23')).toBe(-2839n)
    expect(percentOf(-1n, '50')).toBe(-1n) // symmetric
  })
  it('percentOf is within half a grosz of the exact value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 10000 }), (g, p) => {
        const pct = `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`
        const r = percentOf(g, pct)
        const err = r * 10000n - g * BigInt(p) // in 1/10000 gr
        return 2n * (err < 0n ? -err : err) <= 10000n
      }),
    )
  })
})

describe('rounding (Ordynacja podatkowa art. 63)', () => {
  it('drops ends under 50 gr and raises ends from 50 gr', () => {
    expect(roundHalfUpToZloty(12349n)).toBe(12300n)
    expect(roundHalfUpToZloty(12350n)).toBe(12400n)
    expect(roundHalfUpToZloty(12399n)).toBe(12400n)
    expect(roundHalfUpToZloty(12300n)).toBe(12300n)
    expect(roundHalfUpToZloty(-12350n)).toBe(-12400n)
    expect(roundHalfUpToZloty(-12349n)).toBe(-12300n)
  })
  it('always yields a multiple of 100 within 50 gr', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (g) => {
        const r = roundHalfUpToZloty(g)
        const d = r - g
        return r % 100n === 0n && d <= 50n && d >= -50n
      }),
    )
  })
  it('divRoundHalfUp rejects a non-positive divisor', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError)
    expect(divRoundHalfUp(5n, 2n)).toBe(3n)
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n)
    expect(divRoundHalfUp(4n, 3n)).toBe(1n)
  })
  it('sum, max and min', () => {
    expect(sum()).toBe(0n)
    expect(sum(1n, 2n, -4n)).toBe(-1n)
    expect(maxG(1n, 2n)).toBe(2n)
    expect(minG(1n, 2n)).toBe(1n)
  })
})
