/**
 * The bulk bench's import in a process of its own (`bulk.ts`): the arrangement in which bulk work runs in a separate
 * process started at the lowest CPU priority (`nice -n 19`), so that all its threads (the main thread, the store's
 * writer thread and the garbage collector's helpers) give way to the server's whenever both want a core.
 *
 * Protocol: `BULK_IMPORT` holds `{ file, userId, at }` as JSON. The process opens the SQLite file (appends on the
 * writer thread, as the server does), loads the user's books, writes `ready` as a line on stdout, waits for a line on
 * stdin, runs the import of `ITEMS` documents as one command, and writes `{ ms, cpuMs, events }` as a JSON line.
 */
import { createInterface } from 'node:readline'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { isDomainError } from '@finance/ledger-core'
import { executeBooks, loadBooks } from '../src/index.ts'
import { documents, ITEMS } from './bulkData.ts'

const { file, userId, at } = JSON.parse(process.env.BULK_IMPORT ?? '{}') as { file: string; userId: string; at: string }
const store = createSqliteStore({ file, writer: 'thread' })
await loadBooks(store, userId)
const docs = documents(ITEMS)
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
process.stdout.write('ready\n')
// The bench gone before saying go (its stdin closed): nothing to do.
if ((await lines.next()).done) process.exit(0)
const t = performance.now()
const cpu = process.cpuUsage()
const imported = await executeBooks(store, userId, { type: 'ImportDocuments', documents: docs, at, userId })
if (isDomainError(imported)) throw new Error(imported.message)
const used = process.cpuUsage(cpu)
const ms = performance.now() - t
await store.close?.()
process.stdout.write(
  `${JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000, events: imported.events.length })}\n`,
)
process.exit(0)
