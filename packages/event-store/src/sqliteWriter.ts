/**
 * The SQLite store's writer thread (`createSqliteStore({ writer: 'thread' })`): it owns a connection of its own and
 * commits each append sent to it, in the order they arrive, with the same transaction as the main thread's
 * (`appendRows`: the expected revision checked under the write lock, then the rows). The commit's fsync waits here,
 * not on the event loop that serves requests; the store's reads stay on the main thread's connection (WAL: a commit
 * is visible to the next read once its answer arrives).
 */
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import { WrongExpectedVersion } from './port.ts'
import {
  type AppendCursor,
  appendResult,
  appendRows,
  appendStatements,
  checkAppend,
  insertRows,
  SQLITE_CONSTRAINT_UNIQUE,
  type WriterMessage,
  type WriterReply,
} from './sqlite.ts'

interface WriterData {
  readonly file: string
  readonly synchronous: 'FULL' | 'NORMAL'
  readonly busyTimeoutMs: number
}

const { file, synchronous, busyTimeoutMs } = workerData as WriterData
// The main thread created the file and applied the migrations before starting this thread.
const db = new DatabaseSync(file, { timeout: busyTimeoutMs })
db.exec(`PRAGMA synchronous = ${synchronous}`)
const stmt = appendStatements(db)

/** The append whose transaction is open: sent in chunks, it holds the write lock until its last one. */
let open: { readonly id: number; readonly streamId: string; readonly cursor: AppendCursor } | null = null
/** Other appends that came while a chunked one was open: run, in order, once it is committed or rolled back. */
const waiting: WriterMessage[] = []
/** Chunked appends refused part-way (answered already): the rest of their chunks are dropped. */
const dropped = new Set<number>()

const failure = (id: number, err: unknown): WriterReply => {
  if (err instanceof WrongExpectedVersion) return { id, wrong: err.actual }
  if ((err as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE) return { id, unique: true }
  return { id, error: err instanceof Error ? err.message : String(err) }
}

/** Runs one message; answers the append when it is done (committed or refused), nothing for a middle chunk. */
const handle = (msg: WriterMessage): WriterReply | null => {
  const { id } = msg
  if (dropped.has(id)) {
    if ('abort' in msg || !msg.more) dropped.delete(id)
    return null
  }
  if ('abort' in msg) {
    // The main thread gave up on its append (a later chunk's event was invalid): nothing of it is kept.
    if (open?.id !== id) return null
    open = null
    db.exec('ROLLBACK')
    return { id, error: 'The append was abandoned' }
  }
  if (!msg.more && open === null) {
    // A whole append in one message.
    try {
      return { id, result: appendRows(db, stmt, msg.streamId, msg.prepared, msg.expected) }
    } catch (err) {
      return failure(id, err)
    }
  }
  try {
    if (open === null) {
      // The first chunk: the write lock taken and the expected revision checked once, for the whole append.
      db.exec('BEGIN IMMEDIATE')
      open = { id, streamId: msg.streamId, cursor: checkAppend(stmt, msg.streamId, msg.expected) }
    }
    insertRows(stmt, open.streamId, msg.prepared, open.cursor)
    if (msg.more) return null
    db.exec('COMMIT')
    const result = appendResult(open.cursor)
    open = null
    return { id, result }
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    open = null
    if (msg.more) dropped.add(id)
    return failure(id, err)
  }
}

parentPort!.on('message', (msg: WriterMessage) => {
  if (open !== null && open.id !== msg.id) {
    waiting.push(msg)
    return
  }
  let next: WriterMessage | undefined = msg
  while (next) {
    const reply = handle(next)
    if (reply) parentPort!.postMessage(reply)
    // Then what waited: in order, or, while another chunked append is open, that append's own chunks.
    const i = open === null ? 0 : waiting.findIndex((m) => m.id === open!.id)
    next = i < 0 ? undefined : waiting.splice(i, 1)[0]
  }
})
