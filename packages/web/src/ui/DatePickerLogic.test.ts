import { describe, expect, it } from 'vitest'
import { monthGrid, moveByKey, shiftMonth, withYear } from './DatePickerLogic.ts'

describe('date picker logic', () => {
  it('starts every week on Monday', () => {
    // 1 March 2026 is a Sunday: the first row starts on Monday 23 February.
    const weeks = monthGrid({ year: 2026, month: 3 })
    expect(weeks[0]?.[0]?.date).toBe('2026-02-23')
    expect(weeks[0]?.[6]).toEqual({ date: '2026-03-01', day: 1, inMonth: true })
    expect(weeks.at(-1)?.at(-1)?.date).toBe('2026-04-05')
    expect(weeks).toHaveLength(6)
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(31)
  })

  it('needs only four rows for a February starting on Monday', () => {
    const weeks = monthGrid({ year: 2027, month: 2 })
    expect(weeks).toHaveLength(4)
    expect(weeks[0]?.[0]?.date).toBe('2027-02-01')
  })

  it('moves with arrows by days and weeks, with PageUp/PageDown by months', () => {
    // From a day, a key, to the day it moves to (none for a key that does not move).
    const moves: [string, string, string | null][] = [
      ['2026-03-01', 'ArrowLeft', '2026-02-28'],
      ['2026-12-31', 'ArrowRight', '2027-01-01'],
      ['2026-03-03', 'ArrowUp', '2026-02-24'],
      ['2026-03-31', 'ArrowDown', '2026-04-07'],
      ['2026-03-31', 'PageUp', '2026-02-28'],
      ['2026-01-15', 'PageDown', '2026-02-15'],
      ['2026-03-04', 'Home', '2026-03-02'],
      ['2026-03-04', 'End', '2026-03-08'],
      ['2026-03-04', 'a', null],
    ]
    for (const [from, key, to] of moves) expect(moveByKey(from, key), `${key} from ${from}`).toBe(to)
  })

  it('shifts months across years and clamps a year change', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(withYear('2028-02-29', 2027)).toBe('2027-02-28')
  })
})
