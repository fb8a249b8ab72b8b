/**
 * `finance replay [--as-of T] [--user EMAIL] [--month YYYY-MM] [--threads N] [--digest]`: rebuilds the books of
 * every user from the whole global log (upcast + evolve, the same fold the API uses), with a progress bar and
 * events/s on a terminal and a plain summary line otherwise. A large log is folded on several threads, each taking
 * its own partition of the streams. With `--user`, replays that user's stream with ledger-core's `replay` (stopping
 * at `--as-of`) and prints the month as it was then: transactions, obligations, cost summary and the month's summary.
 */
import type { Ctx } from '../context.ts'
import { userError } from '../errors.ts'
import { formatCount, formatSeconds } from '../format.ts'
import { Progress } from '../progress.ts'
import { combineDigests, foldLog, newTally, summarise } from '../replay/fold.ts'
import type { PartitionResult } from '../replay/protocol.ts'
import { replayParallel } from '../replay/parallel.ts'
import { defaultThreads, takeWorkers } from '../replay/prewarm.ts'

/** Below this many events one thread is quicker than starting workers. */
const PARALLEL_FROM = 100_000

export interface ReplayOptions {
  readonly asOf?: string | undefined
  readonly user?: string | undefined
  readonly month?: string | undefined
  readonly json: boolean
  /** Threads to fold on; default: automatic (several for a large log in a store other processes can open). */
  readonly threads?: number | undefined
  /** Print a digest of every user's books. */
  readonly digest?: boolean
}

export interface ReplayStats {
  readonly events: number
  readonly applied: number
  readonly booksStreams: number
  readonly userStreams: number
  readonly threads: number
  readonly seconds: number
  /** CPU time of the process during the replay (user + system, all threads), steadier than wall time when busy. */
  readonly cpuSeconds: number
  readonly eventsPerSecond: number
  /** SHA-256 over every user's books (`--digest`), the same for the same log whatever the store or thread count. */
  readonly digest: string | null
}

/**
 * How many threads to fold on: as asked (1 when the store was handed in, e.g. a memory store in tests), otherwise
 * one per core up to four for a log of at least 100,000 events in SQLite or PostgreSQL (KurrentDB filters partitions
 * on the client, so every thread would read the whole log).
 */
const chooseThreads = async (ctx: Ctx, asked: number | undefined, total: number): Promise<number> => {
  const store = await ctx.store()
  const kind = (await store.info()).kind
  const shareable = !ctx.storeInjected && kind !== 'memory'
  if (asked !== undefined) {
    if (asked > 1 && !shareable) throw userError('threadsNeedStore')
    return asked
  }
  if (!shareable || kind === 'kurrentdb' || total < PARALLEL_FROM) return 1
  return defaultThreads()
}

/** Folds the whole log (on one or several threads) and returns the totals. */
export const replayAll = async (
  ctx: Ctx,
  o: { readonly asOf?: string | undefined; readonly threads?: number | undefined; readonly digest?: boolean },
): Promise<ReplayStats> => {
  const store = await ctx.store()
  // Every thread reads the log up to the head of this moment: one consistent snapshot while others append.
  const head = await store.headPosition()
  const total = Number(head)
  const threads = await chooseThreads(ctx, o.threads, total)
  const digest = o.digest === true
  const cpu = process.cpuUsage()
  const progress = new Progress(ctx, total, 'replay')
  const limit = o.asOf === undefined ? null : Date.parse(o.asOf)
  let parts: PartitionResult[]
  if (threads === 1) {
    // Workers the process started with it, unused: ended now rather than at the exit.
    takeWorkers(0)
    const tally = newTally(digest)
    await foldLog(store, tally, { limit, partition: undefined, before: head + 1n }, (t) => progress.update(t.events))
    parts = [summarise(tally, -1)]
  } else {
    let done = 0
    parts = await replayParallel(store, {
      threads,
      env: ctx.env,
      dataDir: ctx.dataDir,
      limit,
      before: head + 1n,
      digest,
      onProgress: (n) => {
        done += n
        progress.update(done)
      },
    })
  }
  const totals = { events: 0, applied: 0, books: 0, users: 0, digests: [] as (readonly [string, string])[] }
  for (const p of parts) {
    totals.events += p.events
    totals.applied += p.applied
    totals.books += p.books
    totals.users += p.users
    totals.digests.push(...(p.digests ?? []))
  }
  const seconds = progress.finish(totals.events)
  const used = process.cpuUsage(cpu)
  return {
    events: totals.events,
    applied: totals.applied,
    booksStreams: totals.books,
    userStreams: totals.users,
    threads,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    eventsPerSecond: totals.events / Math.max(seconds, 1e-9),
    digest: digest ? combineDigests(totals.digests) : null,
  }
}

export const replayCommand = async (ctx: Ctx, o: ReplayOptions): Promise<void> => {
  if (o.user !== undefined) return replayUser(ctx, o.user, o)
  const stats = await replayAll(ctx, o)
  if (o.json) {
    ctx.out(`${JSON.stringify({ ...stats, asOf: o.asOf ?? null }, null, 2)}\n`)
    return
  }
  const count = (n: number) => formatCount(ctx.lang, n)
  const asOf = o.asOf === undefined ? '' : ctx.t('replayedAsOf', o.asOf, count(stats.applied))
  const threads = stats.threads > 1 ? ctx.t('replayedThreads', stats.threads) : ''
  const line = ctx.t(
    'replayed',
    count(stats.events),
    asOf,
    count(stats.booksStreams),
    count(stats.userStreams),
    formatSeconds(ctx.lang, stats.seconds),
    count(stats.eventsPerSecond),
    threads,
  )
  ctx.out(`${line}\n${stats.digest === null ? '' : `${ctx.t('digest', stats.digest)}\n`}`)
}

const replayUser = async (ctx: Ctx, email: string, o: ReplayOptions): Promise<void> => {
  // Loaded here, not at the top: the whole-log replay needs none of the projections, the accounts or the Schema
  // library, and starts in a fraction of the time without them.
  const [{ replay, dateInPoland }, { resolveUser }, { printMonth }] = await Promise.all([
    import('@finance/ledger-core'),
    import('../books.ts'),
    import('./report.ts'),
  ])
  const user = await resolveUser(ctx, email, { deleted: true })
  const store = await ctx.store()
  const events = await store.readStream(`books-${user.userId}`)
  const state = replay(events, o.asOf === undefined ? {} : { asOf: o.asOf })
  const moment = o.asOf ?? ctx.now().toISOString()
  // The books as the user saw them then: "today" is the date in Poland at that moment.
  const today = dateInPoland(new Date(moment))
  const month = o.month ?? today.slice(0, 7)
  const seen =
    o.asOf === undefined
      ? events.length
      : events.filter((e) => Date.parse(e.metadata.createdAt) <= Date.parse(o.asOf!)).length
  if (!o.json) ctx.out(`${ctx.t('userAsOf', moment, user.email, seen, events.length)}\n\n`)
  printMonth(ctx, state, month, today, { format: o.json ? 'json' : 'table' })
}
