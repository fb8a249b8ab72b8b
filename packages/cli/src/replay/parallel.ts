/**
 * Replay on several threads: the log's streams are split into runs of streams read stream by stream (where the store
 * can: `readStreamsEach`) or into partitions (`ReadAllOptions.partition`, computed by the database) read in commit
 * order, taken one at a time from a queue in shared memory by the main thread and `threads − 1` worker threads, each
 * reading and folding only its own streams. Streams are independent (one user's books per stream), so the result is
 * the same as one thread folding the whole log in order; `finance replay --digest` proves it on any log.
 */
import type { Worker } from 'node:worker_threads'
import { type EventStore, MAX_PARTITIONS, streamRanges } from '@finance/event-store'
import { userError } from '../errors.ts'
import { foldLog, newTally, summarise } from './fold.ts'
import { spawnWorker, takeWorkers } from './prewarm.ts'
import {
  closeQueue,
  type FromWorker,
  partOf,
  type PartitionResult,
  sharedQueue,
  takePartition,
  type ToWorker,
  type WorkerInput,
} from './protocol.ts'

export interface ParallelOptions {
  readonly threads: number
  readonly env: Readonly<Record<string, string | undefined>>
  readonly dataDir: string | undefined
  readonly limit: number | null
  /** Exclusive upper position of the snapshot to replay. */
  readonly before: bigint
  readonly digest: boolean
  /** Called with the number of events just read by any thread. */
  readonly onProgress: (events: number) => void
}

/**
 * The partitions to fold: `count` and the indexes that hold streams. When the store tells its partition keys
 * (`partitionKeys`), the smallest count from `threads` up that gives every key a partition of its own, so that each
 * partition is read from the store's index (only its own rows) and the shared queue balances the threads; the ids
 * ending in a uuid's 16 hex digits make 16 partitions. Otherwise (no keys told, or no such count) one partition per
 * thread, each a filter over the whole log in the database. (A fold stream by stream is cut into runs of streams
 * instead: `replayParallel`.)
 */
export const partitionPlan = (
  keys: readonly number[] | undefined,
  threads: number,
): { readonly count: number; readonly indexes: readonly number[] } => {
  const perThread = { count: threads, indexes: Array.from({ length: threads }, (_, i) => i) }
  if (keys === undefined || keys.length > MAX_PARTITIONS) return perThread
  for (let count = Math.max(threads, keys.length); count <= MAX_PARTITIONS; count++) {
    const indexes = keys.map((k) => k % count)
    if (new Set(indexes).size === keys.length) return { count, indexes }
  }
  return perThread
}

/** Runs of streams per thread when the log is read stream by stream (1M events: some 16,000 events a run). */
const RUNS_PER_THREAD = 32

/** Yields to the event loop so worker messages (progress, requests for work) are handled between pages. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

export const replayParallel = async (store: EventStore, o: ParallelOptions): Promise<PartitionResult[]> => {
  // Read stream by stream, the log is cut into runs of streams (by the ids listed once, for this snapshot): many more
  // runs than threads, so that each thread takes the next as it finishes one and none waits long for the last.
  // Otherwise into partitions of the streams' keys, each read in commit order.
  const byStream = o.limit === null && store.readStreamsEach !== undefined && store.listStreams !== undefined
  const ranges = byStream
    ? streamRanges(await store.listStreams!({ before: o.before }), o.threads * RUNS_PER_THREAD)
    : null
  const plan =
    ranges === null
      ? partitionPlan(await store.partitionKeys?.(), o.threads)
      : { count: ranges.length, indexes: ranges.map((_, i) => i) }
  const partitions = plan.count
  const queue = sharedQueue(plan.indexes)
  const results: PartitionResult[] = []
  const input: WorkerInput = {
    env: o.env,
    dataDir: o.dataDir,
    limit: o.limit,
    before: o.before,
    partitions,
    ranges,
    digest: o.digest,
    queue,
  }
  const workers: Worker[] = []
  let failure: Error | undefined
  const fail = (e: Error) => {
    failure ??= e
    closeQueue(queue)
    for (const w of workers) void w.terminate()
  }
  // Workers the process started with it (`prewarm.ts`) first: they have loaded their modules meanwhile.
  const early = takeWorkers(o.threads - 1)
  const finished = Array.from({ length: o.threads - 1 }, (_, i) => {
    const w = early[i] ?? spawnWorker()
    workers.push(w)
    w.postMessage({ kind: 'start', input } satisfies ToWorker)
    return new Promise<void>((resolve) => {
      w.on('message', (m: FromWorker) => {
        if (m.kind === 'progress') o.onProgress(m.events)
        else if (m.kind === 'folded') {
          const { kind: _, ...result } = m
          results.push(result)
        } else fail(userError('workerFailed', m.message))
      })
      w.on('error', (e) => fail(e))
      w.on('exit', () => resolve())
    })
  })
  // The main thread takes runs or partitions too, from the start: its modules are loaded and its store is open.
  try {
    for (let index = takePartition(queue); index !== undefined; index = takePartition(queue)) {
      const tally = newTally(o.digest)
      let reported = 0
      await foldLog(store, tally, { limit: o.limit, ...partOf(input, index), before: o.before }, async (t) => {
        o.onProgress(t.events - reported)
        reported = t.events
        await turn()
      })
      results.push(summarise(tally, index))
      await turn()
    }
  } catch (e) {
    fail(e instanceof Error ? e : new Error(String(e)))
  }
  await Promise.all(finished)
  if (failure) throw failure
  if (results.length !== plan.indexes.length) throw userError('lostPartitions', results.length, plan.indexes.length)
  return results
}
