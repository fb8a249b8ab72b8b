/**
 * The computed books as CSV: every transaction of every month in the books' period (the journal's: from the first
 * month with data to the month after the last, or `from`/`to`), as the dashboard shows each month. Figures are the
 * core's decimal strings, written as they are (with a decimal comma in the Polish Excel dialect). The CLI's
 * `finance export --format csv` and the API's `GET /api/export/transactions` write these bytes.
 */
import { type CsvDialect, renderCsv } from '@finance/ledger-core/format'
import {
  addMonthsToMonth,
  type BooksPeriod,
  type BooksState,
  booksPeriod,
  type JournalOptions,
  monthRows,
  type TransactionDto,
  toTransactionDto,
} from '@finance/ledger-core/light'

/** Machine columns (stable, English, not translated) of the transactions CSV. */
export const TRANSACTIONS_CSV_HEADER = [
  'user',
  'month',
  'id',
  'date',
  'eventType',
  'name',
  'net',
  'vatPercent',
  'vat',
  'gross',
  'isCompany',
  'completed',
  'notification',
  'dueDate',
] as const

/** One row; `id` is the transaction's identity (`i12-2026-03`, `vat-2026-01`, a manual row's id). */
export const transactionCsvCells = (email: string, month: string, t: TransactionDto): string[] => [
  email,
  month,
  t.id,
  t.date,
  t.eventType,
  t.dataObject.displayName || t.dataObject.name,
  t.dataObject.amount,
  t.dataObject.percent,
  t.dataObject.vatAmount,
  t.dataObject.sum,
  String(t.dataObject.isCompany),
  String(t.completed),
  String(t.notification),
  t.dataObject.dueDate ?? '',
]

/** One user's books to export: the address written in the `user` column and the books. */
export interface BooksToExport {
  readonly email: string
  readonly state: BooksState
}

const inPeriod = (p: BooksPeriod, date: string) =>
  (p.fromDate === null || date >= p.fromDate) && (p.toDate === null || date <= p.toDate)

const byDateThenId = (x: { row: { date: string; id: string } }, y: { row: { date: string; id: string } }) =>
  x.row.date < y.row.date ? -1 : x.row.date > y.row.date ? 1 : x.row.id < y.row.id ? -1 : x.row.id > y.row.id ? 1 : 0

/** Every transaction of the given users' books in the period, month by month, each month by date. */
export const transactionsCsv = (
  books: readonly BooksToExport[],
  bounds: JournalOptions,
  today: string,
  dialect: CsvDialect,
): string => {
  const rows: string[][] = []
  for (const b of books) {
    const period = booksPeriod(b.state, bounds)
    if (period === null) continue
    for (let month = period.first; month <= period.last; month = addMonthsToMonth(month, 1))
      for (const { row, flags } of monthRows(b.state, month)
        .filter((r) => inPeriod(period, r.row.date))
        .sort(byDateThenId))
        rows.push(transactionCsvCells(b.email, month, toTransactionDto(row, flags, today)))
  }
  return renderCsv(TRANSACTIONS_CSV_HEADER, rows, dialect)
}
