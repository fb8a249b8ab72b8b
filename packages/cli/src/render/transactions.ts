/**
 * The computed books as CSV for `finance export --format csv`: the books home's `transactionsCsv` (the API's
 * `GET /api/export/transactions` writes the same bytes) with the CLI's "today".
 */
import { transactionsCsv as booksTransactionsCsv } from '@finance/books'
import type { JournalOptions } from '@finance/ledger-core/light'
import type { UserBooks } from '../books.ts'
import type { Ctx } from '../context.ts'
import type { CsvDialect } from '../format.ts'

/** Every transaction of the given users' books in the period, month by month, each month by date. */
export const transactionsCsv = (
  ctx: Ctx,
  books: readonly UserBooks[],
  bounds: JournalOptions,
  dialect: CsvDialect,
): string => booksTransactionsCsv(books, bounds, ctx.today(), dialect)
