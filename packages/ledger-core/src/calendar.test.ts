import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, compareDates, dateInPoland, DateFormatError, isImpossibleDate, isLocalDate } from './calendar.ts'
import { parseLocalDate } from './calendar.ts'
import { dayOfMonth, dayOfWeek, daysInMonth, firstDayOfMonth, lastDayOfMonth } from './calendar.ts'
import { addMonths, addMonthsToMonth, isYearMonth, monthOf, monthsBetween, parseYearMonth } from './calendar.ts'
import { quarterMonths, quarterOf } from './calendar.ts'
import { easterSunday, isPolishHoliday, isWorkingDay, nextWorkingDay, polishHolidays } from './calendar.ts'

describe('dates', () => {
  it('validates real calendar dates', () => {
    expect(isLocalDate('2024-02-29')).toBe(true)
    expect(isLocalDate('2025-02-29')).toBe(false)
    expect(isLocalDate('1900-02-29')).toBe(false)
    expect(isLocalDate('2000-02-29')).toBe(true)
    expect(isLocalDate('2025-13-01')).toBe(false)
    expect(isLocalDate('2025-1-01')).toBe(false)
    expect(isLocalDate(20250101)).toBe(false)
    expect(() => parseLocalDate('2025-04-31')).toThrow(DateFormatError)
    expect(parseLocalDate('2025-04-30')).toEqual({ year: 2025, month: 4, day: 30 })
  })
  it('tells a day the calendar has not from a value that is no date at all', () => {
    for (const s of ['2025-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'])
      expect(isImpossibleDate(s)).toBe(true)
    for (const s of ['2024-02-29', '2026-2-30', '30.02.2026', '2026-02-30T00:00', '', 20260230, null])
      expect(isImpossibleDate(s)).toBe(false)
  })
  it('does month arithmetic with clamping', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15')
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28')
    expect(addMonthsToMonth('2025-12', 1)).toBe('2026-01')
    expect(addMonthsToMonth('2025-01', -1)).toBe('2024-12')
    expect(addMonthsToMonth('2025-01', -25)).toBe('2022-12')
    expect(monthsBetween('2024-11', '2025-02')).toBe(3)
    expect(monthOf('2025-04-20')).toBe('2025-04')
    expect(() => monthOf('2025-04')).toThrow(DateFormatError)
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29')
    expect(lastDayOfMonth('2025-04-03')).toBe('2025-04-30')
    expect(firstDayOfMonth('2025-04')).toBe('2025-04-01')
    expect(dayOfMonth('2025-02', 30)).toBe('2025-02-28')
    expect(daysInMonth(2025, 12)).toBe(31)
    expect(isYearMonth('2025-00')).toBe(false)
    expect(isYearMonth(null)).toBe(false)
    expect(() => parseYearMonth('2025-1')).toThrow(DateFormatError)
  })
  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2025-04-20', 60)).toBe('2025-06-19')
  })
  it('agrees with Date.UTC for day arithmetic and weekdays', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100000, max: 100000 }), fc.integer({ min: -400, max: 400 }), (base, n) => {
        const ms = Date.UTC(2000, 0, 1) + base * 86400000
        const iso = new Date(ms).toISOString().slice(0, 10)
        const next = new Date(ms + n * 86400000).toISOString().slice(0, 10)
        const dow = new Date(ms).getUTCDay()
        return addDays(iso, n) === next && dayOfWeek(iso) === (dow === 0 ? 7 : dow)
      }),
    )
  })
  it('weekdays Mon=1..Sun=7', () => {
    expect(dayOfWeek('2025-04-21')).toBe(1)
    expect(dayOfWeek('2025-04-20')).toBe(7)
    expect(dayOfWeek('2025-04-19')).toBe(6)
  })
  it('compares and computes quarters', () => {
    expect(compareDates('2025-01-01', '2025-01-02')).toBe(-1)
    expect(compareDates('2025-01-02', '2025-01-01')).toBe(1)
    expect(compareDates('2025-01-02', '2025-01-02')).toBe(0)
    expect(quarterOf('2025-05')).toBe(2)
    expect(quarterOf('2025-12-31')).toBe(4)
    expect(quarterMonths('2025-05')).toEqual(['2025-04', '2025-06'])
    expect(quarterMonths('2025-01')).toEqual(['2025-01', '2025-03'])
  })
})

describe('Polish public holidays', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31')
    expect(easterSunday(2025)).toBe('2025-04-20')
    expect(easterSunday(2026)).toBe('2026-04-05')
    expect(easterSunday(2027)).toBe('2027-03-28')
    expect(easterSunday(2038)).toBe('2038-04-25')
    expect(easterSunday(2285)).toBe('2285-03-22')
  })
  it('lists the 2025 holidays including 24 December', () => {
    expect(polishHolidays(2025)).toEqual([
      '2025-01-01',
      '2025-01-06',
      '2025-04-20',
      '2025-04-21',
      '2025-05-01',
      '2025-05-03',
      '2025-06-08',
      '2025-06-19',
      '2025-08-15',
      '2025-11-01',
      '2025-11-11',
      '2025-12-24',
      '2025-12-25',
      '2025-12-26',
    ])
  })
  it('lists 2026 holidays', () => {
    const h = polishHolidays(2026)
    expect(h).toContain('2026-04-06') // Easter Monday
    expect(h).toContain('2026-05-24') // Pentecost
    expect(h).toContain('2026-06-04') // Corpus Christi
    expect(h).toHaveLength(14)
  })
  it('24 December is a working day before 2025 and 6 January before 2011', () => {
    expect(polishHolidays(2024)).not.toContain('2024-12-24')
    expect(isWorkingDay('2024-12-24')).toBe(true)
    expect(polishHolidays(2010)).not.toContain('2010-01-06')
    expect(polishHolidays(2011)).toContain('2011-01-06')
  })
  it('returns a copy that callers cannot corrupt', () => {
    const h = polishHolidays(2025)
    h.length = 0
    expect(polishHolidays(2025)).toHaveLength(14)
  })
  it('moves deadlines to the next working day (Ordynacja podatkowa art. 12 §5)', () => {
    expect(nextWorkingDay('2025-04-20')).toBe('2025-04-22') // Easter Sunday → Tuesday after Easter Monday
    expect(nextWorkingDay('2025-12-24')).toBe('2025-12-29') // Wed 24, Thu 25, Fri 26 holidays, weekend
    expect(nextWorkingDay('2025-12-20')).toBe('2025-12-22') // Saturday
    expect(nextWorkingDay('2026-01-06')).toBe('2026-01-07') // Epiphany, Tuesday
    expect(nextWorkingDay('2025-01-20')).toBe('2025-01-20') // a Monday stays
    expect(nextWorkingDay('2026-01-25')).toBe('2026-01-26') // Sunday
    expect(isPolishHoliday('2025-11-11')).toBe(true)
    expect(isPolishHoliday('2025-11-12')).toBe(false)
  })
  it('never returns a non-working day, and never more than a week later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40000 }), (n) => {
        const d = addDays('2000-01-01', n)
        const w = nextWorkingDay(d)
        return isWorkingDay(w) && compareDates(w, d) >= 0 && compareDates(w, addDays(d, 7)) < 0
      }),
    )
  })
})

describe('dateInPoland', () => {
  it('is the date in Warsaw, across midnight and both DST changes', () => {
    // Winter (UTC+1): 23:30 UTC on 31 January is already 1 February in Warsaw.
    expect(dateInPoland(new Date('2026-01-31T22:59:59Z'))).toBe('2026-01-31')
    expect(dateInPoland(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01')
    // Summer (UTC+2) from 29 March 2026, 01:00 UTC.
    expect(dateInPoland(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03-31')
    expect(dateInPoland(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04-01')
    // Back to winter on 25 October 2026, 01:00 UTC; New Year's Eve in UTC is New Year's Day in Warsaw.
    expect(dateInPoland(new Date('2026-10-31T22:59:59Z'))).toBe('2026-10-31')
    expect(dateInPoland(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01')
  })

  it('answers from the hour it kept exactly as the time zone database does, minute by minute through a day', () => {
    const fresh = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    // A run of consecutive instants (as requests ask), from random starts around midnights and both clock changes.
    const starts = ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-12-31T21:00:00Z', '2027-06-30T21:30:00Z']
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 60 }),
        (start, steps) => {
          let at = Date.parse(start)
          for (const step of steps) {
            at += step
            expect(dateInPoland(new Date(at))).toBe(fresh.format(new Date(at)))
          }
        },
      ),
    )
    expect(() => dateInPoland(new Date(Number.NaN))).toThrow(RangeError)
  })
})
