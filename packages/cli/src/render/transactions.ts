/**
 * The computed books as CSV: every transaction of every month in the books' period (the journal's: from the first
 * month with data to the month after the last, or `--from`/`--to`), whether or not the month was ever viewed.
 * Figures are the core's decimal strings, written as they are (with a decimal comma in the Polish Excel dialect).
 */
import { monthRows, toTransactionDto } from '@finance/ledger-core/projections/index.ts'
import { type BooksPeriod, booksPeriod, type JournalOptions } from '@finance/ledger-core/reports/index.ts'
import { addMonthsToMonth } from '@finance/ledger-core/calendar.ts'
import type { TransactionDto } from '@finance/ledger-core/schemas/transaction.ts'
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

/** One row; `id` only for a recorded transaction (a computed row's id is provisional and repeats across months). */
export const csvCells = (email: string, month: string, t: TransactionDto, recorded: boolean): string[] => [
  email,
  month,
  recorded ? String(t.id) : '',
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
      for (const { row, tx } of monthRows(b.state, month)
        .filter((r) => inPeriod(period, r.row.date))
        .sort((x, y) => (x.row.date < y.row.date ? -1 : x.row.date > y.row.date ? 1 : x.row.id - y.row.id)))
        rows.push(csvCells(b.email, month, toTransactionDto(row, tx, today), tx !== null))
  }
  return renderCsv(CSV_HEADER, rows, dialect)
}
