/**
 * Read views over the books for transaction routes and the reminder job, memoised per books state object: a state
 * is immutable and replaced after every event, so repeated reads of unchanged books are answered from memory.
 */
import {
  type BooksState,
  monthTransactions,
  obligations,
  summaryList,
  type SummaryRowDto,
  transactionById,
  type TransactionDto,
  transactionsBetween,
  transactionsByType,
  yearSummary,
} from '@finance/ledger-core/light'

export type { SummaryRowDto, TransactionDto }

const memo = new WeakMap<BooksState, Map<string, unknown>>()

function cached<T>(state: BooksState, key: string, compute: () => T): T {
  let m = memo.get(state)
  if (!m) {
    m = new Map()
    memo.set(state, m)
  }
  if (m.has(key)) return m.get(key) as T
  const value = compute()
  if (m.size > 200) m.clear()
  m.set(key, value)
  return value
}

export const monthRows = (state: BooksState, month: string, today: string): TransactionDto[] =>
  cached(state, `m|${month}|${today}`, () => monthTransactions(state, month, today))

export const summaryRows = (state: BooksState, year: number, cumulative: boolean): SummaryRowDto[] =>
  cached(state, `s|${year}|${cumulative}`, () => summaryList(state, year, cumulative))

export const yearRow = (state: BooksState, year: number): SummaryRowDto =>
  cached(state, `y|${year}`, () => yearSummary(state, year))

export const obligationRows = (state: BooksState, year: number, today: string) =>
  cached(state, `o|${year}|${today}`, () => obligations(state, { year, today }))

/** Every recorded transaction (generated rows and manual ones) of an event type or data type, date order. */
export const transactionsOfType = (state: BooksState, type: string, today: string): TransactionDto[] =>
  cached(state, `t|${type}|${today}`, () =>
    /^\d_/.test(type)
      ? transactionsByType(state, type, today)
      : transactionsBetween(state, '0000-01-01', '9999-12-31', today).filter((t) => t.dataType === type),
  )

export { transactionById, transactionsBetween }
