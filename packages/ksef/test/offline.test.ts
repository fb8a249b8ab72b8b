import { describe, expect, it } from 'vitest'
import { addWorkingDays, offlineDeadline } from '../src/offline.ts'

describe('the deadline of an offline invoice (tryby-offline.md)', () => {
  it('offline24: the next working day after the issue date', () => {
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2025-07-08' })).toBe('2025-07-09')
    // Friday → Monday.
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2026-11-27' })).toBe('2026-11-30')
    // Tuesday 10 November 2026: 11 November (Independence Day) is a holiday → Thursday the 12th.
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2026-11-10' })).toBe('2026-11-12')
    // Wednesday 23 December 2026: 24, 25, 26 December (holidays since 2025) and the weekend → Monday the 28th.
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2026-12-23' })).toBe('2026-12-28')
    // Maundy Thursday 2026 (2 April): Friday the 3rd is a working day.
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2026-04-02' })).toBe('2026-04-03')
    // Good Friday 2026 (3 April): Saturday, Easter Sunday, Easter Monday → Tuesday 7 April.
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2026-04-03' })).toBe('2026-04-07')
  })

  it('offline (unavailability): the next working day after it ended; unknown while it lasts', () => {
    expect(offlineDeadline({ mode: 'offline', issueDate: '2026-04-30', unavailabilityEnd: null })).toBeNull()
    // Ended Thursday 30 April 2026: 1 May (Friday), the weekend, 3 May (Sunday) → Monday 4 May.
    expect(offlineDeadline({ mode: 'offline', issueDate: '2026-04-30', unavailabilityEnd: '2026-04-30' })).toBe(
      '2026-05-04',
    )
  })

  it('awaryjny (failure): seven working days after it ended, holidays skipped', () => {
    expect(offlineDeadline({ mode: 'awaryjny', issueDate: '2026-06-01', unavailabilityEnd: null })).toBeNull()
    // Ended Monday 1 June 2026; Corpus Christi is Thursday 4 June: 2, 3, 5, 8, 9, 10, 11 → 11 June.
    expect(offlineDeadline({ mode: 'awaryjny', issueDate: '2026-06-01', unavailabilityEnd: '2026-06-01' })).toBe(
      '2026-06-11',
    )
  })

  it("the document's example: offline24 on 2025-07-08, a failure ended on Saturday 2025-07-12 → 2025-07-22", () => {
    expect(offlineDeadline({ mode: 'offline24', issueDate: '2025-07-08', failureEnd: '2025-07-12' })).toBe('2025-07-22')
    expect(offlineDeadline({ mode: 'offline', issueDate: '2025-07-08', failureEnd: '2025-07-12' })).toBe('2025-07-22')
  })

  it('counts working days without the starting day', () => {
    expect(addWorkingDays('2025-07-12', 1)).toBe('2025-07-14')
    expect(addWorkingDays('2025-07-14', 0)).toBe('2025-07-14')
    // Across the new year: 31 Dec 2026 (Thursday) → 1 Jan holiday, weekend, 4 Jan (Monday), 5 Jan, 6 Jan holiday → 7 Jan.
    expect(addWorkingDays('2026-12-31', 2)).toBe('2027-01-05')
    expect(addWorkingDays('2026-12-31', 3)).toBe('2027-01-07')
  })
})
