/**
 * Replay worker threads started with the process, while the command's own modules load. A worker takes 0.1–0.2 s to
 * start and load its modules; started only once the replay knows its store, it began folding that much after the
 * main thread, and with partitions of equal size (a log's streams spread evenly over their keys) the two finished up
 * to a partition apart, the earlier one idle meanwhile. `finance replay` without `--threads` or `--user` starts as
 * many workers as the default thread count uses; the command takes those it needs (`takeWorkers`), the rest end.
 */
import module from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * More threads stop paying off: where the store cannot read a partition from an index (PostgreSQL, or SQLite
 * streams whose keys share partitions) each one scans the whole log for its partitions.
 */
export const MAX_AUTO_THREADS = 4

/** The thread count a large log is folded on by default: one per core, up to `MAX_AUTO_THREADS`. */
export const defaultThreads = (): number => Math.max(1, Math.min(availableParallelism(), MAX_AUTO_THREADS))

const workerUrl = new URL('./worker.ts', import.meta.url)

/**
 * A worker's environment: the process's, naming the compile cache `bin/finance.mjs` enabled, which a worker thread
 * does not inherit otherwise. With it a worker loads its modules compiled (about 0.1 s of CPU instead of 0.4 s).
 */
const workerEnv = (): NodeJS.ProcessEnv | undefined => {
  const cache = module.getCompileCacheDir()
  // The directory answered ends in Node's own version directory, which NODE_COMPILE_CACHE adds again.
  return cache === undefined ? undefined : { ...process.env, NODE_COMPILE_CACHE: dirname(cache) }
}

/** A replay worker: it loads its modules, then waits for its `start` message (`ToWorker`). */
export const spawnWorker = (): Worker => {
  const env = workerEnv()
  return new Worker(workerUrl, env === undefined ? {} : { env })
}

/** Workers started early and not taken yet; `failed` those that exited or failed meanwhile. */
const spare: Worker[] = []
const failed = new WeakSet<Worker>()

/**
 * Starts the default number of workers when `argv` (the command line after `finance`) is a whole-log replay that
 * does not choose its threads; answers how many it started.
 */
export const prewarmReplay = (argv: readonly string[]): number => {
  if (argv[0] !== 'replay') return 0
  const chosen = (flag: string) => argv.some((a) => a === flag || a.startsWith(`${flag}=`))
  if (chosen('--threads') || chosen('--user') || chosen('--help') || argv.includes('-h')) return 0
  const count = defaultThreads() - 1
  for (let i = 0; i < count; i++) {
    const w = spawnWorker()
    // Never what keeps the process alive, and never an uncaught error: a worker not taken just ends with it.
    w.unref()
    w.on('error', () => failed.add(w))
    w.on('exit', () => failed.add(w))
    spare.push(w)
  }
  return count
}

/** Up to `count` of the workers started early that are still running; every other one is ended. */
export const takeWorkers = (count: number): Worker[] => {
  const alive = spare.splice(0).filter((w) => !failed.has(w))
  for (const w of alive.slice(count)) void w.terminate()
  const taken = alive.slice(0, count)
  for (const w of taken) w.ref()
  return taken
}
