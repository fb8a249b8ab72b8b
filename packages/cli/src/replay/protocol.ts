/** Messages between `finance replay` and its workers (structured-clone friendly: no bigints, no Maps). */

export interface WorkerInput {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly dataDir: string | undefined
  /** Skip events created after this instant (ms), or null for the whole log. */
  readonly limit: number | null
  /** Exclusive upper position of the snapshot every thread reads. */
  readonly before: bigint
  /** How many partitions the log is split into. */
  readonly partitions: number
  /** Whether to send back a digest of every user's books. */
  readonly digest: boolean
}

/** The first message a worker gets is `start`, with its input; then a partition to fold at a time, or `stop`. */
export type ToWorker =
  | { readonly kind: 'start'; readonly input: WorkerInput }
  | { readonly kind: 'fold'; readonly index: number }
  | { readonly kind: 'stop' }

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
  | { readonly kind: 'ready' }
  | { readonly kind: 'progress'; readonly events: number }
  | ({ readonly kind: 'folded' } & PartitionResult)
  | { readonly kind: 'failed'; readonly message: string }
