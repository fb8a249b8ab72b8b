/**
 * `finance export --format json|csv|ledger|finance [--out FILE] [--user EMAIL] [--from P] [--to P] [--excel]`.
 * finance: one user's own data with a header line (format version, upcasters' versions, replay digest);
 * json: every stored event as one JSON line (see jsonl.ts); csv: every transaction of the computed books in the
 * period (RFC 4180, or the Polish Excel dialect); ledger: the books as an hledger/ledger journal that passes
 * `hledger check -s`, with each user's accounts under the user's address when several users are exported.
 */
import type { Ctx } from '../context.ts'
import type { CsvDialect } from '../format.ts'
import { eventToLine } from '../jsonl.ts'
import { openSink } from '../sink.ts'

export interface ExportOptions {
  readonly format: 'json' | 'csv' | 'ledger' | 'finance'
  readonly out?: string | undefined
  readonly user?: string | undefined
  /** Period of the csv and ledger exports: month or date. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly dialect: CsvDialect
}

export const exportCommand = async (ctx: Ctx, o: ExportOptions): Promise<void> => {
  if (o.format === 'finance') return exportUserData(ctx, o)
  const store = await ctx.store()
  // Resolve the user before creating the output file, so an unknown user leaves no empty file behind.
  let prefixes: string[] | undefined
  if (o.format === 'json' && o.user !== undefined) {
    const { resolveUser } = await import('../books.ts')
    const { emailClaimStream } = await import('@finance/books')
    const { userId, email } = await resolveUser(ctx, o.user, { deleted: true })
    prefixes = [`books-${userId}`, `user-${userId}`, emailClaimStream(email)]
  }
  const books =
    o.format === 'json' ? [] : await (await import('../books.ts')).booksOfUsers(ctx, o.user, { deleted: true })
  // Without an end, the books as they stand today: the months up to this one, whose contributions fall due too.
  const bounds = { ...(o.from ? { from: o.from } : {}), ...(o.to ? { to: o.to } : { until: ctx.today().slice(0, 7) }) }
  const sink = await openSink(ctx, o.out)
  try {
    if (o.format === 'json') {
      for await (const e of store.iterateAll(prefixes ? { streamPrefixes: prefixes } : {}))
        await sink.write(`${eventToLine(e)}\n`)
    } else if (o.format === 'csv') {
      const { transactionsCsv } = await import('../render/transactions.ts')
      await sink.write(transactionsCsv(ctx, books, bounds, o.dialect))
    } else {
      const { JOURNAL_HEADER, journalOf } = await import('../render/journal.ts')
      await sink.write(JOURNAL_HEADER)
      for (const b of books) await sink.write(journalOf(b, bounds, o.user === undefined ? b.email : null))
    }
  } finally {
    await sink.close()
  }
}

/** `--format finance`: one user's own data, a header line and every event of the user's streams (docs/data-export.md). */
const exportUserData = async (ctx: Ctx, o: ExportOptions): Promise<void> => {
  const store = await ctx.store()
  const { resolveUser } = await import('../books.ts')
  const { userExportLines } = await import('@finance/books/backup')
  const { userId, email } = await resolveUser(ctx, o.user ?? '', { deleted: true })
  const sink = await openSink(ctx, o.out)
  try {
    for await (const line of userExportLines(store, { id: userId, email }, ctx.now)) await sink.write(`${line}\n`)
  } finally {
    await sink.close()
  }
}
