/**
 * The SQLite store's writer thread (`createSqliteStore({ writer: 'thread' })`): it owns a connection of its own and
 * commits each append sent to it, in the order they arrive, with the same transaction as the main thread's
 * (`appendRows`: the expected revision checked under the write lock, then the rows). The commit's fsync waits here,
 * not on the event loop that serves requests; the store's reads stay on the main thread's connection (WAL: a commit
 * is visible to the next read once its answer arrives).
 */
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import type { PreparedEvent } from './common.ts'
import { type ExpectedRevision, WrongExpectedVersion } from './port.ts'
import { appendRows, appendStatements, SQLITE_CONSTRAINT_UNIQUE, type WriterReply } from './sqlite.ts'

interface WriterData {
  readonly file: string
  readonly synchronous: 'FULL' | 'NORMAL'
  readonly busyTimeoutMs: number
}

interface AppendMessage {
  readonly id: number
  readonly streamId: string
  readonly prepared: readonly PreparedEvent[]
  readonly expected: ExpectedRevision
}

const { file, synchronous, busyTimeoutMs } = workerData as WriterData
// The main thread created the file and applied the migrations before starting this thread.
const db = new DatabaseSync(file, { timeout: busyTimeoutMs })
db.exec(`PRAGMA synchronous = ${synchronous}`)
const stmt = appendStatements(db)

parentPort!.on('message', ({ id, streamId, prepared, expected }: AppendMessage) => {
  let reply: WriterReply
  try {
    reply = { id, result: appendRows(db, stmt, streamId, prepared, expected) }
  } catch (err) {
    if (err instanceof WrongExpectedVersion) reply = { id, wrong: err.actual }
    else if ((err as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE) reply = { id, unique: true }
    else reply = { id, error: err instanceof Error ? err.message : String(err) }
  }
  parentPort!.postMessage(reply)
})
