import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { firstDayOf, localDate, monthOfDate, shiftMonth, summaryLabel } from './month.ts'
import { readShowFlags, SHOW_KEYS, writeShowFlag } from './show.ts'

describe('month navigation', () => {
  it('crosses year boundaries both ways', () => {
    expect(shiftMonth('2025-12', 1)).toBe('2026-01')
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-03', -15)).toBe('2024-12')
    expect(firstDayOf('2026-02')).toBe('2026-02-01')
    expect(monthOfDate('2026-02-17')).toBe('2026-02')
    expect(summaryLabel(2026, 3)).toBe('2026-03')
  })

  it('rejects a malformed month', () => {
    expect(() => shiftMonth('2026-3', 1)).toThrow(RangeError)
  })

  test.prop([
    fc.integer({ min: 1900, max: 2200 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: -500, max: 500 }),
  ])('moving n months and back returns the month', (y, m, n) => {
    const ym = `${y}-${String(m).padStart(2, '0')}`
    const there = shiftMonth(ym, n)
    expect(there).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/)
    expect(shiftMonth(there, -n)).toBe(ym)
  })

  it('reads the local calendar date of a clock reading', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

describe('Show choices', () => {
  const memory = () => {
    const m = new Map<string, string>()
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
  }

  it('shows every section when nothing is stored', () => {
    expect(readShowFlags(memory())).toEqual({ primary: true, details: true, summary: true })
    expect(readShowFlags(undefined)).toEqual({ primary: true, details: true, summary: true })
  })

  it('stores the choice as the text true/false under the SPEC keys', () => {
    const s = memory()
    writeShowFlag(s, 'summary', false)
    writeShowFlag(s, 'primary', true)
    expect(s.m.get('ks_site_show_summary')).toBe('false')
    expect(s.m.get(SHOW_KEYS.primary)).toBe('true')
    expect(readShowFlags(s)).toEqual({ primary: true, details: true, summary: false })
  })

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('full')
      },
    }
    expect(readShowFlags(broken).details).toBe(true)
    expect(() => writeShowFlag(broken, 'details', false)).not.toThrow()
  })
})
