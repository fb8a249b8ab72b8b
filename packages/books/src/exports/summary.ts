/**
 * A year's summary as CSV: the twelve month rows (or the cumulative ones) and the year row, with the summary's
 * fields as machine columns (stable, English). The CLI's `finance report year --csv|--excel` and the API's
 * `GET /api/export/summary/{year}` write these bytes.
 */
import { type CsvDialect, renderCsv } from '@finance/ledger-core/format'
import { type BooksState, SUMMARY_FIELDS, type SummaryRowDto, yearReport } from '@finance/ledger-core/light'

/** The summary's fields, in the order of the dashboard's summary table. */
export const SUMMARY_CSV_FIELDS = SUMMARY_FIELDS

/** `2026` for the year row, `2026-03` for a month's. */
export const summaryRowLabel = (r: Pick<SummaryRowDto, 'year' | 'month'>): string =>
  r.month === 0 ? String(r.year) : `${r.year}-${String(r.month).padStart(2, '0')}`

export const summaryCsv = (
  state: BooksState,
  year: number,
  today: string,
  dialect: CsvDialect,
  cumulative = false,
): string => {
  // The year's report is the core's: its months (each alone, or from January), then the year.
  const report = yearReport(state, year, today)
  return renderCsv(
    ['month', ...SUMMARY_CSV_FIELDS],
    [...(cumulative ? report.cumulative : report.months), report.total].map((row) => [
      summaryRowLabel(row),
      ...SUMMARY_CSV_FIELDS.map((field) => String(row[field])),
    ]),
    dialect,
  )
}
