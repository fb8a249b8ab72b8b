import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { parseMonth, parseTimestamp, parseYear } from '../src/cli.ts'

describe('argument parsers', () => {
  it('normalise timestamps to ISO UTC; a date means the end of that day, as the core reads it', () => {
    expect(parseTimestamp('2026-03-01')).toBe('2026-03-01T23:59:59.999Z')
    expect(parseTimestamp('2026-03-01T12:00:00Z')).toBe('2026-03-01T12:00:00.000Z')
    expect(parseTimestamp('2026-03-01T12:00:00+02:00')).toBe('2026-03-01T10:00:00.000Z')
    expect(() => parseTimestamp('yesterday')).toThrow(InvalidArgumentError)
    expect(() => parseTimestamp('2026-13-45')).toThrow(InvalidArgumentError)
  })
  it('accept months 01–12 and four-digit years only', () => {
    expect(parseMonth('2026-12')).toBe('2026-12')
    expect(() => parseMonth('2026-00')).toThrow(InvalidArgumentError)
    expect(() => parseMonth('2026-3')).toThrow(InvalidArgumentError)
    expect(parseYear('2026')).toBe(2026)
    expect(() => parseYear('26')).toThrow(InvalidArgumentError)
  })
})
