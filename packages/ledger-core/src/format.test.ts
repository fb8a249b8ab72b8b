import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateLong,
  formatInstant,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRate,
  formatSize,
} from './format.ts'

/** Intl writes Polish groups and the currency gap with (narrow) no-break spaces; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('the shared formatting module', () => {
  it('writes money with the currency: 12 000,00 zł in Polish, PLN 12,000.00 in English', () => {
    expect(plain(formatMoney('pl', '12000.00'))).toBe('12 000,00 zł')
    expect(plain(formatMoney('pl', '1234.5'))).toBe('1234,50 zł')
    expect(plain(formatMoney('pl', '-0.5'))).toBe('-0,50 zł')
    expect(plain(formatMoney('en', '12000'))).toBe('PLN 12,000.00')
    expect(plain(formatMoney('en', '-345'))).toBe('-PLN 345.00')
  })

  it('keeps amounts far beyond a float exact', () => {
    expect(plain(formatMoney('pl', '99999999999999999.99'))).toBe('99 999 999 999 999 999,99 zł')
    expect(formatAmount('en', '90071992547409931.07')).toBe('90,071,992,547,409,931.07')
  })

  it('writes an exchange rate with all its digits and the currency', () => {
    expect(plain(formatRate('pl', '4.2512'))).toBe('4,2512 zł')
    expect(plain(formatRate('en', '4.2512'))).toBe('PLN 4.2512')
    expect(plain(formatRate('en', '0.5'))).toBe('PLN 0.50')
    expect(formatRate('pl', 'n/a')).toBe('n/a')
  })

  it('writes amounts without the currency for columns that name it', () => {
    expect(plain(formatAmount('pl', '15000'))).toBe('15 000,00')
    expect(formatAmount('en', '-15000.5')).toBe('-15,000.50')
  })

  it('returns text that is not a decimal unchanged', () => {
    expect(formatMoney('pl', 'n/a')).toBe('n/a')
    expect(formatPercent('en', '')).toBe('')
    expect(formatDate('pl', '2026-13')).toBe('2026-13')
  })

  it('never rolls an impossible day over into the next month', () => {
    expect(formatDate('en', '2026-02-30')).toBe('2026-02-30')
    expect(formatDate('pl', '2026-13-01')).toBe('2026-13-01')
    expect(formatDate('en', '2026-04-31')).toBe('2026-04-31')
    expect(formatDateLong('pl', '2025-02-29')).toBe('2025-02-29')
    expect(formatDate('en', '2028-02-29')).toBe('29 Feb 2028')
  })

  it('writes numbers, counts and percents with the language’s decimal mark', () => {
    expect(formatNumber('pl', '5.5')).toBe('5,5')
    expect(formatNumber('en', '5.5', 2)).toBe('5.50')
    expect(plain(formatCount('pl', 1234567))).toBe('1 234 567')
    expect(formatPercent('pl', '5.5')).toBe('5,5%')
    expect(formatPercent('en', '23')).toBe('23%')
    expect(formatPercent('pl', '0.12')).toBe('0,12%')
  })

  it('writes sizes in decimal units with the language’s decimal mark', () => {
    expect(formatSize('pl', 354_070)).toBe('354,07 kB')
    expect(formatSize('en', 354_070)).toBe('354.07 kB')
    expect(formatSize('en', 512)).toBe('512 byte')
    expect(formatSize('pl', 12_500_000)).toBe('12,5 MB')
  })

  it('writes dates, months and Warsaw instants with the zone shown', () => {
    expect(formatDate('en', '2026-11-24')).toBe('24 Nov 2026')
    expect(formatDate('pl', '2026-11-24')).toBe('24 lis 2026')
    // May in the genitive, in full (CLDR's short "maj" is the nominative); the other months keep their short names.
    expect(formatDate('pl', '2025-05-14')).toBe('14 maja 2025')
    expect(formatDate('pl', '2025-03-01')).toBe('1 mar 2025')
    expect(formatDate('en', '2025-05-14')).toBe('14 May 2025')
    expect(formatDateLong('pl', '2026-03-12')).toBe('12 marca 2026')
    expect(formatDateLong('en', '2026-03-12')).toBe('12 March 2026')
    expect(formatMonth('pl', '2026-11')).toBe('listopad 2026')
    expect(formatMonth('en', '2026-01')).toBe('January 2026')
    expect(formatInstant('pl', '2026-07-01T10:00:00Z')).toBe('01.07.2026, 12:00:00 CEST')
    expect(formatInstant('en', '2026-01-01T10:00:00Z')).toBe('01/01/2026, 11:00:00 CET')
    expect(formatInstant('en', 'yesterday')).toBe('yesterday')
  })

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })])(
    'round-trips every grosz amount: digits and sign survive the Polish format',
    (grosze) => {
      const abs = grosze < 0n ? -grosze : grosze
      const text = `${grosze < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
      const shown = formatAmount('pl', text)
      const back = shown.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
      expect(back).toBe(text)
    },
  )
})

describe('amounts and counts, exactly', () => {
  const nbsp = '\u00a0'
  it.each([
    ['pl', '15000.00', `15${nbsp}000,00`],
    ['pl', '-1234567.89', `-1${nbsp}234${nbsp}567,89`],
    // Polish leaves four-digit numbers ungrouped.
    ['pl', '1200.50', '1200,50'],
    ['en', '15000.00', '15,000.00'],
    // Beyond a double's 15–17 digits: the decimal string is formatted exactly, never through a float.
    ['en', '12345678901234567.89', '12,345,678,901,234,567.89'],
    ['pl', 'n/a', 'n/a'],
  ] as const)('formatAmount(%s, %s) is %s', (lang, amount, shown) => expect(formatAmount(lang, amount)).toBe(shown))
  it.each([
    ['en', 1234567, '1,234,567'],
    ['pl', 1234567, `1${nbsp}234${nbsp}567`],
    ['en', 999.6, '1,000'],
  ] as const)('formatCount(%s, %s) is %s', (lang, n, shown) => expect(formatCount(lang, n)).toBe(shown))
})
