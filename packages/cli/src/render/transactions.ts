/** Recorded transactions as RFC 4180 CSV. Figures are the core's decimal strings, written as they are. */
import { monthTransactions } from '@finance/ledger-core/projections/index.ts'
import type { TransactionDto } from '@finance/ledger-core/schemas/transaction.ts'
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

/** Months with recorded transactions (generated months and months holding manual rows), ascending. */
export const recordedMonths = (b: UserBooks): string[] => {
  const months = new Set(b.state.months.keys())
  for (const t of b.state.transactions.values()) if (!t.deleted) months.add(t.month)
  return [...months].sort()
}

/** Every recorded transaction of the given users as CSV. */
export const transactionsCsv = (ctx: Ctx, books: readonly UserBooks[]): string => {
  const today = ctx.now().toISOString().slice(0, 10)
  const rows: string[][] = []
  for (const b of books)
    for (const month of recordedMonths(b))
      for (const t of monthTransactions(b.state, month, today)) rows.push(csvCells(b.email, month, t))
  return renderCsv(CSV_HEADER, rows)
}
