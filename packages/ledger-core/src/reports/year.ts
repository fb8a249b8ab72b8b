/**
 * Year report: the twelve month rows of the summary (plain and cumulative), the year row and the obligations due
 * in the year.
 */
import type { BooksState } from '../model/state.ts'
import { type ObligationDto, obligations } from '../projections/obligations.ts'
import { type SummaryRowDto, summaryList } from '../projections/summary.ts'
import type { LocalDateString } from '../types.ts'

export interface YearReport {
  readonly year: number
  readonly months: readonly SummaryRowDto[]
  readonly cumulative: readonly SummaryRowDto[]
  readonly total: SummaryRowDto
  readonly obligations: readonly ObligationDto[]
}

/** `today` decides the overdue flags of obligations (default: the year's last day, i.e. nothing in the future). */
export const yearReport = (state: BooksState, year: number, today: LocalDateString = `${year}-12-31`): YearReport => {
  const plain = summaryList(state, year, false)
  return {
    year,
    months: plain.slice(0, 12),
    cumulative: summaryList(state, year, true).slice(0, 12),
    total: plain[12]!,
    obligations: obligations(state, { year, today }),
  }
}
