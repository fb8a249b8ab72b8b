/**
 * Calendar dates without time zones (`yyyy-mm-dd`), month arithmetic (`yyyy-mm`), Polish public holidays and the
 * next working day for tax deadlines (Ordynacja podatkowa art. 12 §5). Pure integer arithmetic and no clock: the
 * one conversion from an instant, `dateInPoland`, takes the instant as an argument.
 */
import type { LocalDateString, YearMonthString } from './types.ts'

/** Thrown when a string is not a real calendar date `yyyy-mm-dd` (or month `yyyy-mm`). */
export class DateFormatError extends Error {
  override readonly name = 'DateFormatError'
  readonly input: string
  constructor(input: string) {
    super(`Not a valid date: ${JSON.stringify(input)}`)
    this.input = input
  }
}

/** A parsed date; `month` 1–12, `day` 1–31. */
export interface LocalDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_RE = /^(\d{4})-(\d{2})$/

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/** Number of days in `month` (1–12) of `year`. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeap(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`)
const pad4 = (n: number): string => `${n}`.padStart(4, '0')

/** Builds `yyyy-mm-dd` from its parts (no validation). */
export const formatLocalDate = (year: number, month: number, day: number): LocalDateString =>
  `${pad4(year)}-${pad2(month)}-${pad2(day)}`

/** Made on first use: a formatter with a time zone loads the zone's data, which most importers never need. */
let warsaw: Intl.DateTimeFormat | undefined

/**
 * The date in Poland (Europe/Warsaw, CET/CEST) at the instant `at`: the one "today" of the API, the reminders and the
 * CLI, since taxes and due dates follow the Polish calendar (23:30 UTC on 31 March is already 1 April in Warsaw).
 */
export const dateInPoland = (at: Date): LocalDateString => {
  const hour = Math.floor(at.getTime() / HOUR_MS)
  if (hour === lastHour) return lastDate
  warsaw ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const date = warsaw.format(at)
  // An invalid date has no hour to keep (NaN); its format throws above.
  lastHour = hour
  lastDate = date
  return date
}

/**
 * The Warsaw date of the last UTC hour asked (every request asks for "today" at least once). Poland's offset from UTC
 * is a whole number of hours (CET +1, CEST +2) and its clocks change at 01:00 UTC, so local midnight and every change
 * of the date fall on a whole UTC hour: within one UTC hour the date in Poland is one date.
 */
const HOUR_MS = 3_600_000
let lastHour = Number.NaN
let lastDate = ''

/** `true` when `s` is a real calendar date `yyyy-mm-dd` (e.g. `2025-02-29` is not). */
export const isLocalDate = (s: unknown): s is LocalDateString => {
  if (typeof s !== 'string') return false
  const m = DATE_RE.exec(s)
  if (!m) return false
  const y = Number(m[1])
  const mo = Number(m[2])
  const d = Number(m[3])
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)
}

/**
 * `true` when `s` is written as a date `yyyy-mm-dd` but names no day of the calendar (`2026-02-30`, `2026-13-01`):
 * what is wrong is the day, not the format.
 */
export const isImpossibleDate = (s: unknown): boolean => typeof s === 'string' && DATE_RE.test(s) && !isLocalDate(s)

/**
 * Parses `yyyy-mm-dd` into its parts.
 * @throws DateFormatError when not a real calendar date.
 */
export const parseLocalDate = (s: LocalDateString): LocalDate => {
  if (!isLocalDate(s)) throw new DateFormatError(String(s))
  return { year: Number(s.slice(0, 4)), month: Number(s.slice(5, 7)), day: Number(s.slice(8, 10)) }
}

/** `true` when `s` is a month `yyyy-mm` with month 01–12. */
export const isYearMonth = (s: unknown): s is YearMonthString => {
  if (typeof s !== 'string') return false
  const m = MONTH_RE.exec(s)
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12
}

/**
 * Parses `yyyy-mm` into `{ year, month }`.
 * @throws DateFormatError when not a valid month.
 */
export const parseYearMonth = (ym: YearMonthString): { year: number; month: number } => {
  if (!isYearMonth(ym)) throw new DateFormatError(String(ym))
  return { year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) }
}

/** Builds `yyyy-mm`. */
export const formatYearMonth = (year: number, month: number): YearMonthString => `${pad4(year)}-${pad2(month)}`

/** The month of a date: `2025-04-20` → `2025-04`. */
export const monthOf = (date: LocalDateString): YearMonthString => {
  parseLocalDate(date)
  return date.slice(0, 7)
}

/** Adds `n` (may be negative) months to a month: `addMonthsToMonth('2025-12', 1)` → `'2026-01'`. */
export const addMonthsToMonth = (ym: YearMonthString, n: number): YearMonthString => {
  const { year, month } = parseYearMonth(ym)
  const idx = year * 12 + (month - 1) + n
  return formatYearMonth(Math.floor(idx / 12), (((idx % 12) + 12) % 12) + 1)
}

/** Number of months from `from` to `to` (`to − from`; negative when `to` is earlier). */
export const monthsBetween = (from: YearMonthString, to: YearMonthString): number => {
  const a = parseYearMonth(from)
  const b = parseYearMonth(to)
  return b.year * 12 + b.month - (a.year * 12 + a.month)
}

/**
 * Adds `n` months to a date, clamping the day to the month's end: `addMonths('2025-01-31', 1)` → `'2025-02-28'`.
 */
export const addMonths = (date: LocalDateString, n: number): LocalDateString => {
  const d = parseLocalDate(date)
  const { year, month } = parseYearMonth(addMonthsToMonth(formatYearMonth(d.year, d.month), n))
  return formatLocalDate(year, month, Math.min(d.day, daysInMonth(year, month)))
}

/** The last day of the month of `ymOrDate` (`yyyy-mm` or `yyyy-mm-dd`): `'2024-02'` → `'2024-02-29'`. */
export const lastDayOfMonth = (ymOrDate: YearMonthString | LocalDateString): LocalDateString => {
  const { year, month } = parseYearMonth(ymOrDate.slice(0, 7))
  return formatLocalDate(year, month, daysInMonth(year, month))
}

/** The first day of a month: `'2025-04'` → `'2025-04-01'`. */
export const firstDayOfMonth = (ym: YearMonthString): LocalDateString => {
  parseYearMonth(ym)
  return `${ym}-01`
}

/** A given day of a month, clamped to the month's end: `dayOfMonth('2025-02', 30)` → `'2025-02-28'`. */
export const dayOfMonth = (ym: YearMonthString, day: number): LocalDateString => {
  const { year, month } = parseYearMonth(ym)
  return formatLocalDate(year, month, Math.max(1, Math.min(day, daysInMonth(year, month))))
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
const toEpochDay = (y: number, m: number, d: number): number => {
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

const fromEpochDay = (z0: number): LocalDateString => {
  const z = z0 + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  return formatLocalDate(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}

/** Adds `n` (may be negative) days to a date. */
export const addDays = (date: LocalDateString, n: number): LocalDateString => {
  const d = parseLocalDate(date)
  return fromEpochDay(toEpochDay(d.year, d.month, d.day) + n)
}

/** ISO day of the week: Monday = 1 … Sunday = 7 (SPEC §3). */
export const dayOfWeek = (date: LocalDateString): number => {
  const d = parseLocalDate(date)
  // 1970-01-01 was a Thursday (4).
  return ((((toEpochDay(d.year, d.month, d.day) + 3) % 7) + 7) % 7) + 1
}

/** Compares two dates (or two months): negative, 0 or positive, like `Array.prototype.sort` expects. */
export const compareDates = (a: LocalDateString, b: LocalDateString): number => (a < b ? -1 : a > b ? 1 : 0)

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export const easterSunday = (year: number): LocalDateString => {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return formatLocalDate(year, month, day)
}

const holidayCache = new Map<number, readonly LocalDateString[]>()
const holidaySets = new Map<number, ReadonlySet<LocalDateString>>()

/**
 * Polish statutory public holidays (dni wolne od pracy, ustawa z 18 stycznia 1951 r. o dniach wolnych od pracy,
 * art. 1) of `year`, ascending: 1 Jan, 6 Jan, Easter Sunday and Monday, 1 May, 3 May, Pentecost Sunday
 * (Easter + 49), Corpus Christi (Easter + 60), 15 Aug, 1 Nov, 11 Nov, 24 Dec (from 2025, added by the act of
 * 6 December 2024), 25 Dec, 26 Dec. 6 January counts from 2011 (act of 24 September 2010).
 */
export const polishHolidays = (year: number): LocalDateString[] => {
  const cached = holidayCache.get(year)
  if (cached) return [...cached]
  const easter = easterSunday(year)
  const fixed = (m: number, d: number) => formatLocalDate(year, m, d)
  const days = [
    fixed(1, 1),
    ...(year >= 2011 ? [fixed(1, 6)] : []),
    easter,
    addDays(easter, 1),
    fixed(5, 1),
    fixed(5, 3),
    addDays(easter, 49),
    addDays(easter, 60),
    fixed(8, 15),
    fixed(11, 1),
    fixed(11, 11),
    ...(year >= 2025 ? [fixed(12, 24)] : []),
    fixed(12, 25),
    fixed(12, 26),
  ].sort(compareDates)
  holidayCache.set(year, days)
  holidaySets.set(year, new Set(days))
  return [...days]
}

/** `true` when `date` is a Polish public holiday. */
export const isPolishHoliday = (date: LocalDateString): boolean => {
  const { year } = parseLocalDate(date)
  if (!holidaySets.has(year)) polishHolidays(year)
  return holidaySets.get(year)!.has(date)
}

/** `true` when `date` is neither a Saturday, a Sunday nor a Polish public holiday. */
export const isWorkingDay = (date: LocalDateString): boolean => dayOfWeek(date) <= 5 && !isPolishHoliday(date)

/**
 * `date` itself when it is a working day, otherwise the next day that is neither a Saturday, a Sunday nor a public
 * holiday (Ordynacja podatkowa art. 12 §5: a deadline ending on such a day ends on the next working day).
 * `nextWorkingDay('2025-04-20')` (Easter Sunday) → `'2025-04-22'`.
 */
export const nextWorkingDay = (date: LocalDateString): LocalDateString => {
  let d = date
  while (!isWorkingDay(d)) d = addDays(d, 1)
  return d
}

/** Calendar quarter (1–4) of a month or date: `'2025-05'` → `2`. */
export const quarterOf = (ymOrDate: YearMonthString | LocalDateString): 1 | 2 | 3 | 4 => {
  const { month } = parseYearMonth(ymOrDate.slice(0, 7))
  return (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4
}

/** First and last month of the calendar quarter containing `ym`: `'2025-05'` → `['2025-04', '2025-06']`. */
export const quarterMonths = (ym: YearMonthString): [YearMonthString, YearMonthString] => {
  const { year } = parseYearMonth(ym)
  const q = quarterOf(ym)
  return [formatYearMonth(year, q * 3 - 2), formatYearMonth(year, q * 3)]
}
