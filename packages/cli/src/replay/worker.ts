/**
 * A replay worker thread: once given its input, opens the same store as the command (from its environment and
 * `--data`), then folds the partitions it takes from the replay's shared queue one at a time, reporting progress per page and
 * each partition's totals.
 */
import { parentPort } from 'node:worker_threads'
import { openStore } from '../store.ts'
import { foldLog, newTally, summarise } from './fold.ts'
import { type FromWorker, partOf, type ToWorker, takePartition, type WorkerInput } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('replay worker started outside a worker thread')
const send = (m: FromWorker) => port.postMessage(m)

const main = async () => {
  // Started with the process or by the replay (`prewarm.ts`): the input comes with the first message.
  const start = await new Promise<ToWorker>((resolve) => {
    port.once('message', resolve)
  })
  const input: WorkerInput = start.input
  const { store } = await openStore(input.env, input.dataDir)
  try {
    for (let index = takePartition(input.queue); index !== undefined; index = takePartition(input.queue)) {
      const tally = newTally(input.digest)
      let reported = 0
      await foldLog(store, tally, { limit: input.limit, ...partOf(input, index), before: input.before }, (t) => {
        send({ kind: 'progress', events: t.events - reported })
        reported = t.events
      })
      send({ kind: 'folded', ...summarise(tally, index) })
    }
  } finally {
    await store.close()
  }
}

main().catch((e: unknown) => {
  send({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
})
