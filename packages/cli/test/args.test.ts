import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { MAX_YEAR, MIN_YEAR, parseMonth, parsePeriod, parseTimestamp, parseYear, usageMessage } from '../src/cli.ts'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

describe('argument parsers', () => {
  it('normalise timestamps to ISO UTC; a date means the end of that day, as the core reads it', () => {
    expect(parseTimestamp('2026-03-01')).toBe('2026-03-01T23:59:59.999Z')
    expect(parseTimestamp('2026-03-01T12:00:00Z')).toBe('2026-03-01T12:00:00.000Z')
    expect(parseTimestamp('2026-03-01T12:00:00+02:00')).toBe('2026-03-01T10:00:00.000Z')
    expect(parseTimestamp('2026-03-01T12:00Z')).toBe('2026-03-01T12:00:00.000Z')
    expect(parseTimestamp('2024-02-29T08:30:15.250-0100')).toBe('2024-02-29T09:30:15.250Z')
    expect(() => parseTimestamp('yesterday')).toThrow(InvalidArgumentError)
    expect(() => parseTimestamp('2026-13-45')).toThrow(InvalidArgumentError)
  })

  it('never rolls an impossible date over to another day', () => {
    for (const bad of [
      '2025-02-30',
      '2025-02-29',
      '2026-04-31',
      '2025-02-30T12:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T12:60:00Z',
      '2026-03-01T12:00:00',
      '2026-03-01 12:00:00Z',
    ])
      expect(() => parseTimestamp(bad), bad).toThrow(InvalidArgumentError)
    expect(() => parsePeriod('2025-02-30')).toThrow(InvalidArgumentError)
    expect(parsePeriod('2024-02-29')).toBe('2024-02-29')
    expect(parsePeriod('2026-02')).toBe('2026-02')
  })

  it(`accept months 01–12 and four-digit years from ${MIN_YEAR} to ${MAX_YEAR} only`, () => {
    expect(parseMonth('2026-12')).toBe('2026-12')
    expect(() => parseMonth('2026-00')).toThrow(InvalidArgumentError)
    expect(() => parseMonth('2026-3')).toThrow(InvalidArgumentError)
    expect(() => parseMonth('9999-12')).toThrow(InvalidArgumentError)
    expect(() => parseMonth('1999-12')).toThrow(InvalidArgumentError)
    expect(() => parseMonth('2100-01')).toThrow(InvalidArgumentError)
    expect([MIN_YEAR, MAX_YEAR]).toEqual([2000, 2099])
    expect(parseYear('2026')).toBe(2026)
    expect(() => parseYear('26')).toThrow(InvalidArgumentError)
    expect(() => parseYear('9999')).toThrow(InvalidArgumentError)
    expect(() => parseTimestamp('9999-12-31')).toThrow(InvalidArgumentError)
  })
})

describe('the command line with dates', () => {
  it('refuses --as-of 2025-02-30 instead of reading 2 March', async () => {
    const s = await seedScenario()
    const r = await run(['replay', '--as-of', '2025-02-30', '--lang', 'en'], { store: s.store })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error: option '--as-of <timestamp>' argument '2025-02-30' is invalid\. expected/)
    const pl = await run(['replay', '--as-of', '2025-02-30'], { store: s.store })
    expect(pl.stderr).toMatch(/^błąd: opcja '--as-of <timestamp>': błędna wartość '2025-02-30'\. oczekiwano/)
  })

  it('answers report month 9999-12 with a clear usage error, not an internal one', async () => {
    const s = await seedScenario()
    const r = await run(['report', 'month', '9999-12', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      "error: command-argument value '9999-12' is invalid for argument 'month'. expected a month YYYY-MM of the " +
        `years ${MIN_YEAR}–${MAX_YEAR}, e.g. 2026-03\n(run with --help for usage)\n`,
    )
    expect((await run(['report', 'year', '9999', '--user', ANNA], { store: s.store })).code).toBe(2)
  })

  it('computes for today in Poland, not in UTC', async () => {
    const s = await seedScenario()
    // 22:30 UTC on 31 March is already 1 April in Warsaw (CEST).
    const r = await run(['report', 'month', '2026-03', '--user', ANNA, '--json'], {
      store: s.store,
      now: '2026-03-31T22:30:00.000Z',
    })
    expect(JSON.parse(r.stdout).today).toBe('2026-04-01')
  })

  it('translates commander usage errors to Polish', () => {
    expect(usageMessage('pl', "error: unknown command 'raport'\n(Did you mean report?)")).toBe(
      "nieznane polecenie 'raport'\n(Czy chodziło o report?)",
    )
    expect(
      usageMessage('pl', "error: option '--lang <lang>' argument 'de' is invalid. Allowed choices are pl, en."),
    ).toBe("opcja '--lang <lang>': błędna wartość 'de'. Dozwolone wartości: pl, en.")
    expect(usageMessage('en', "error: missing required argument 'month'")).toBe("missing required argument 'month'")
    expect(
      usageMessage('pl', "error: too many arguments for 'month'. Expected 1 argument but got 2: 2026-01, extra."),
    ).toBe('za dużo argumentów: oczekiwano 1, podano 2: 2026-01, extra.')
  })
})
