/** Messages between `finance replay` and its workers (structured-clone friendly: no Maps). */
import type { StreamPartition, StreamRange } from '@finance/event-store'

export interface WorkerInput {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly dataDir: string | undefined
  /** Skip events created after this instant (ms), or null for the whole log. */
  readonly limit: number | null
  /** Exclusive upper position of the snapshot every thread reads. */
  readonly before: bigint
  /** How many partitions (or runs of streams) the log is split into. */
  readonly partitions: number
  /** The runs of streams to read stream by stream, indexed by the queue's numbers; null: partitions of the log. */
  readonly ranges: readonly StreamRange[] | null
  /** Whether to send back a digest of every user's books. */
  readonly digest: boolean
  /** The partitions to fold, shared by every thread of the replay (`sharedQueue`). */
  readonly queue: Int32Array
}

/**
 * The partitions of a replay as a queue in shared memory: each thread takes the next one itself (`takePartition`),
 * without asking the main thread, which reads messages only between two of its own pages. Slot 0 is the cursor.
 */
export const sharedQueue = (indexes: readonly number[]): Int32Array => {
  const queue = new Int32Array(new SharedArrayBuffer(4 * (indexes.length + 1)))
  queue.set(indexes, 1)
  return queue
}

/** The next partition for this thread, or undefined when every one is taken (or the queue was closed). */
export const takePartition = (queue: Int32Array): number | undefined => {
  const at = Atomics.add(queue, 0, 1) + 1
  return at < queue.length ? queue[at] : undefined
}

/** Leaves nothing more to take (after a failure). */
export const closeQueue = (queue: Int32Array): void => {
  Atomics.store(queue, 0, queue.length)
}

/** What one number taken from the queue reads: a run of streams, or a partition of the log. */
export const partOf = (
  input: Pick<WorkerInput, 'partitions' | 'ranges'>,
  index: number,
): { readonly partition?: StreamPartition; readonly streams?: StreamRange } =>
  input.ranges === null ? { partition: { count: input.partitions, index } } : { streams: input.ranges[index]! }

/** A worker's only message: its input, once the replay knows it. */
export type ToWorker = { readonly kind: 'start'; readonly input: WorkerInput }

export interface PartitionResult {
  readonly index: number
  readonly events: number
  readonly applied: number
  readonly books: number
  readonly users: number
  /** `[userId, digest]` per books stream when asked for. */
  readonly digests: readonly (readonly [string, string])[] | null
}

export type FromWorker =
  | { readonly kind: 'progress'; readonly events: number }
  | ({ readonly kind: 'folded' } & PartitionResult)
  | { readonly kind: 'failed'; readonly message: string }
