/**
 * Pure logic of the date picker (SPEC §2): a Monday-first month grid and keyboard movement. Dates are
 * `yyyy-mm-dd` strings; no clock is read here (today is passed in).
 */
import {
  addDays,
  addMonths,
  Bounds,
  dayOfWeek,
  daysInMonth,
  formatLocalDate,
  isLocalDate,
  parseLocalDate,
} from '@finance/ledger-core'

export interface GridCell {
  date: string
  day: number
  inMonth: boolean
}

export interface ViewMonth {
  year: number
  /** 1..12 */
  month: number
}

/** Weeks (Monday to Sunday) covering the month; 4 to 6 rows. */
export const monthGrid = ({ year, month }: ViewMonth): GridCell[][] => {
  const first = formatLocalDate(year, month, 1)
  const start = addDays(first, 1 - dayOfWeek(first))
  const last = formatLocalDate(year, month, daysInMonth(year, month))
  const end = addDays(last, 7 - dayOfWeek(last))
  const weeks: GridCell[][] = []
  let week: GridCell[] = []
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const p = parseLocalDate(d)
    week.push({ date: d, day: p.day, inMonth: p.month === month && p.year === year })
    if (week.length === 7) {
      weeks.push(week)
      week = []
    }
  }
  return weeks
}

export const monthOfDate = (date: string): ViewMonth => {
  const p = parseLocalDate(date)
  return { year: p.year, month: p.month }
}

export const shiftMonth = (v: ViewMonth, n: number): ViewMonth => {
  const total = v.year * 12 + (v.month - 1) + n
  return { year: Math.floor(total / 12), month: (total % 12) + 1 }
}

/** Moves `date` to the same day (clamped) of `year`, for the year input. */
export const withYear = (date: string, year: number): string => {
  const p = parseLocalDate(date)
  return formatLocalDate(year, p.month, Math.min(p.day, daysInMonth(year, p.month)))
}

/** The day a key moves the focus to, or `null` when the key is not a movement key. */
export const moveByKey = (date: string, key: string): string | null => {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'PageUp':
      return addMonths(date, -1)
    case 'PageDown':
      return addMonths(date, 1)
    case 'Home':
      return addDays(date, 1 - dayOfWeek(date))
    case 'End':
      return addDays(date, 7 - dayOfWeek(date))
    default:
      return null
  }
}

/** The years the books accept (the core's date window), the only ones the year input offers. */
export const PICKER_YEARS = { min: Number(Bounds.dateMin.slice(0, 4)), max: Number(Bounds.dateMax.slice(0, 4)) }

/** A year the year input accepts. */
export const isPickerYear = (n: number): boolean =>
  Number.isInteger(n) && n >= PICKER_YEARS.min && n <= PICKER_YEARS.max

export const isDate = (s: unknown): s is string => isLocalDate(s) && isPickerYear(parseLocalDate(s).year)
