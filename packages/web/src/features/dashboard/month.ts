/**
 * Month navigation of the monthly dashboard: plain `yyyy-mm` arithmetic (crossing year boundaries) and the
 * local calendar date of a clock reading. No tax rules live here.
 */
import type { LocalDateString, YearMonthString } from '@finance/ledger-core'

const YM = /^(\d{4})-(\d{2})$/

const pad2 = (n: number): string => String(n).padStart(2, '0')

/** `yyyy-mm` of a `yyyy-mm-dd` date. */
export const monthOfDate = (date: LocalDateString): YearMonthString => date.slice(0, 7)

/** `ym` moved by `n` months; `2025-12` + 1 → `2026-01`, `2026-01` − 1 → `2025-12`. */
export const shiftMonth = (ym: YearMonthString, n: number): YearMonthString => {
  const m = YM.exec(ym)
  if (!m) throw new RangeError(`Not a year-month: ${ym}`)
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + n
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad2((index % 12) + 1)}`
}

/**
 * The month a dashboard's address names (`?month=2026-02`), `undefined` for none or for one that is not a month of the
 * books' window (2000-01 … 2099-12).
 */
export const monthParam = (value: string | null): YearMonthString | undefined => {
  const m = value === null ? null : YM.exec(value)
  if (!m) return undefined
  const year = Number(m[1])
  const month = Number(m[2])
  return year >= 2000 && year <= 2099 && month >= 1 && month <= 12 ? (value as YearMonthString) : undefined
}

/** The first day of a month, the date the dashboard sends for it. */
export const firstDayOf = (ym: YearMonthString): LocalDateString => `${ym}-01`

/** The calendar date of `now` in the browser's time zone (what "today" means to the user). */
export const localDate = (now: Date): LocalDateString =>
  `${String(now.getFullYear()).padStart(4, '0')}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`

/** The year-month column label of a summary list row (SPEC §9: the first 7 characters of the date). */
export const summaryLabel = (year: number, month: number): string => firstDayOf(`${year}-${pad2(month)}`).slice(0, 7)
