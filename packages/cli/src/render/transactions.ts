/** The books' transactions as RFC 4180 CSV. Figures are the core's decimal strings, written as they are. */
import { monthsWithRows, monthTransactions, type TransactionDto } from '@finance/ledger-core'
import type { UserBooks } from '../books.ts'
import type { Ctx } from '../context.ts'
import { renderCsv } from '../format.ts'

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

export const csvCells = (email: string, month: string, t: TransactionDto): string[] => [
  email,
  month,
  String(t.id),
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

/** Every transaction of the given users as CSV, month by month as the dashboard shows them. */
export const transactionsCsv = (ctx: Ctx, books: readonly UserBooks[]): string => {
  const today = ctx.now().toISOString().slice(0, 10)
  const rows: string[][] = []
  for (const b of books)
    for (const month of monthsWithRows(b.state))
      for (const t of monthTransactions(b.state, month, today)) rows.push(csvCells(b.email, month, t))
  return renderCsv(CSV_HEADER, rows)
}
