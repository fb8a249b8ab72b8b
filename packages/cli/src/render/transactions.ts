/**
 * The computed books as CSV: every transaction of every month in the books' period (the journal's: from the first
 * month with data to the month after the last, or `--from`/`--to`), as the dashboard shows each month.
 * Figures are the core's decimal strings, written as they are (with a decimal comma in the Polish Excel dialect).
 */
import {
  addMonthsToMonth,
  type BooksPeriod,
  booksPeriod,
  type JournalOptions,
  monthRows,
  toTransactionDto,
  type TransactionDto,
} from '@finance/ledger-core/light'
import type { UserBooks } from '../books.ts'
import type { Ctx } from '../context.ts'
import { type CsvDialect, renderCsv } from '../format.ts'

/** Machine columns (stable, English, not translated) of the transactions CSV. */
export const CSV_HEADER = [
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
export const csvCells = (email: string, month: string, t: TransactionDto): string[] => [
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

const inPeriod = (p: BooksPeriod, date: string) =>
  (p.fromDate === null || date >= p.fromDate) && (p.toDate === null || date <= p.toDate)

/** Every transaction of the given users' books in the period, month by month, each month by date. */
export const transactionsCsv = (
  ctx: Ctx,
  books: readonly UserBooks[],
  bounds: JournalOptions,
  dialect: CsvDialect,
): string => {
  const today = ctx.today()
  const rows: string[][] = []
  for (const b of books) {
    const period = booksPeriod(b.state, bounds)
    if (period === null) continue
    for (let month = period.first; month <= period.last; month = addMonthsToMonth(month, 1))
      for (const { row, flags } of monthRows(b.state, month)
        .filter((r) => inPeriod(period, r.row.date))
        .sort((x, y) =>
          x.row.date < y.row.date
            ? -1
            : x.row.date > y.row.date
              ? 1
              : x.row.id < y.row.id
                ? -1
                : x.row.id > y.row.id
                  ? 1
                  : 0,
        ))
        rows.push(csvCells(b.email, month, toTransactionDto(row, flags, today)))
  }
  return renderCsv(CSV_HEADER, rows, dialect)
}
