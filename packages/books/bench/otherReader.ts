/**
 * The bulk bench's isolation reference (`bulk.ts`): another user's month reads from a thread of their own, with their
 * own heap and their own connection to the same SQLite file, while the import runs in the main thread. What these
 * reads wait for is only the machine (the cores the import's threads take), not the import's turns of the event loop
 * or its garbage collections: the floor that any arrangement of users on threads of one machine could reach.
 *
 * Protocol (`workerData`): `file` (the SQLite file), `userId`, `month`, `today`, `flag` (a SharedArrayBuffer of two
 * Int32: [0] is 0 before the import, 1 while it runs, 2 to stop; [1] becomes 1 once the reader has loaded its books).
 * The thread posts `{ during, wakes }`: each read's wait from when it was due while the import ran, and of that the
 * timer's own lateness (the time the thread waited for a core).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { loadBooks, monthRows } from '../src/index.ts'
import { timedReads } from './timedReads.ts'

const { file, userId, month, today, flag } = workerData as {
  file: string
  userId: string
  month: string
  today: string
  flag: SharedArrayBuffer
}
const state = new Int32Array(flag)
const store = createSqliteStore({ file, writer: 'main' })
const view = async () => monthRows((await loadBooks(store, userId)).state, month, today)
await view()
Atomics.store(state, 1, 1)
const { waits: during, lateness: wakes } = await timedReads(
  view,
  () => Atomics.load(state, 0) === 2,
  () => Atomics.load(state, 0) === 1,
)
await store.close?.()
parentPort?.postMessage({ during, wakes })
