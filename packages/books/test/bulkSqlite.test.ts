/**
 * A bulk import on SQLite as the server runs it (appends on the writer thread): its one append goes to the writer
 * in chunks inside one transaction, and another user's write that comes meanwhile is written before or after it,
 * never inside it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { APPEND_CHUNK, chunkCounters, createSqliteStore } from '@finance/event-store/sqlite'
import { isDomainError } from '@finance/ledger-core/light'
import { expect, it } from 'vitest'
import { booksStream, executeBooks, forgetBooks, loadBooks } from '../src/index.ts'
import { purchases } from './writers.ts'

const at = '2026-03-10T10:00:00.000Z'

it('imports 2 000 items in one chunked append, with another user written beside it, each whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'finance-bulk-sqlite-'))
  const store = createSqliteStore({ file: join(dir, 'books.sqlite'), writer: 'thread' })
  try {
    const sent = chunkCounters.messages
    const imported = executeBooks(store, 'u1', {
      type: 'ImportDocuments',
      documents: purchases(2000),
      at,
      userId: 'u1',
    })
    const other = executeBooks(store, 'u2', {
      type: 'AddItem',
      dataType: 'Expense',
      data: { date: '2026-03-12', name: 'Other', amount: '10.00', isCompany: true, percent: '23', invoiceDate: null },
      at,
      userId: 'u2',
    })
    const [a, b] = await Promise.all([imported, other])
    if (isDomainError(a) || isDomainError(b)) throw new Error('refused')
    expect(chunkCounters.messages - sent).toBe(2000 / APPEND_CHUNK)
    const events = await store.readStream(booksStream('u1'))
    expect(events).toHaveLength(2000)
    // One block of positions: no row of the other user's write inside the import's transaction.
    expect(events.map((e) => e.position - events[0]!.position)).toEqual(events.map((e) => e.revision))
    expect(await store.streamRevision(booksStream('u2'))).toBe(0n)
    forgetBooks(store, 'u1')
    expect((await loadBooks(store, 'u1')).state.records.size).toBe(a.state.records.size)
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
