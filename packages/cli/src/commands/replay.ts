/**
 * `finance replay [--as-of T] [--user EMAIL] [--month YYYY-MM]`: rebuilds the books of every user from the whole
 * global log (upcast + evolve, the same fold the API uses), with a progress bar and events/s on a terminal and a
 * plain summary line otherwise. With `--user`, replays that user's stream with ledger-core's `replay` (stopping at
 * `--as-of`) and prints the month as it was then: transactions, obligations, cost summary and the month's summary.
 */
import { type BooksState, booksFolder, replay, upcast } from '@finance/ledger-core'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { groupDigits } from '../format.ts'
import { Progress } from '../progress.ts'
import { printMonth } from './report.ts'

export interface ReplayOptions {
  readonly asOf?: string | undefined
  readonly user?: string | undefined
  readonly month?: string | undefined
  readonly json: boolean
}

export interface ReplayStats {
  readonly events: number
  readonly applied: number
  readonly booksStreams: number
  readonly userStreams: number
  readonly seconds: number
  /** CPU time of this process during the replay (user + system), steadier than wall time on a busy machine. */
  readonly cpuSeconds: number
  readonly eventsPerSecond: number
}

/** Folds the whole log into one `BooksState` per user. Exported for the benchmark. */
export const replayAll = async (
  ctx: Ctx,
  asOf: string | undefined,
): Promise<{ stats: ReplayStats; books: Map<string, BooksState> }> => {
  const store = await ctx.store()
  const total = Number(await store.headPosition())
  const cpu = process.cpuUsage()
  const progress = new Progress(ctx, total, 'replay')
  const folders = new Map<string, ReturnType<typeof booksFolder>>()
  const users = new Set<string>()
  const limit = asOf === undefined ? Number.POSITIVE_INFINITY : Date.parse(asOf)
  let events = 0
  let applied = 0
  for await (const e of store.iterateAll({ maxCount: 5000 })) {
    events++
    if ((events & 4095) === 0) progress.update(Number(e.position))
    if (asOf !== undefined && Date.parse(e.metadata.createdAt) > limit) continue
    applied++
    if (e.streamId.startsWith('books-')) {
      let folder = folders.get(e.streamId)
      if (!folder) {
        folder = booksFolder()
        folders.set(e.streamId, folder)
      }
      folder.push(upcast(e.type, e.schemaVersion, e.data))
    } else if (e.streamId.startsWith('user-')) users.add(e.streamId)
  }
  const books = new Map<string, BooksState>()
  for (const [streamId, folder] of folders) books.set(streamId.slice('books-'.length), folder.state())
  const seconds = progress.finish(total)
  const used = process.cpuUsage(cpu)
  return {
    stats: {
      events,
      applied,
      booksStreams: books.size,
      userStreams: users.size,
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      eventsPerSecond: events / Math.max(seconds, 1e-9),
    },
    books,
  }
}

export const replayCommand = async (ctx: Ctx, o: ReplayOptions): Promise<void> => {
  if (o.user !== undefined) return replayUser(ctx, o.user, o)
  const { stats } = await replayAll(ctx, o.asOf)
  if (o.json) {
    ctx.out(`${JSON.stringify({ ...stats, asOf: o.asOf ?? null }, null, 2)}\n`)
    return
  }
  const asOf = o.asOf === undefined ? '' : ` as of ${o.asOf} (${groupDigits(stats.applied)} applied)`
  ctx.out(
    `replayed ${groupDigits(stats.events)} events${asOf}: ${groupDigits(stats.booksStreams)} books, ` +
      `${groupDigits(stats.userStreams)} users in ${stats.seconds.toFixed(2)} s ` +
      `(${groupDigits(stats.eventsPerSecond)} events/s)\n`,
  )
}

const replayUser = async (ctx: Ctx, email: string, o: ReplayOptions): Promise<void> => {
  const user = await resolveUser(ctx, email)
  const store = await ctx.store()
  const events = await store.readStream(`books-${user.userId}`)
  const state = replay(events, o.asOf === undefined ? {} : { asOf: o.asOf })
  const moment = o.asOf ?? ctx.now().toISOString()
  const today = moment.slice(0, 10)
  const month = o.month ?? today.slice(0, 7)
  const seen =
    o.asOf === undefined
      ? events.length
      : events.filter((e) => Date.parse(e.metadata.createdAt) <= Date.parse(o.asOf!)).length
  if (!o.json) ctx.out(`${ctx.t('asOf')} ${moment}: ${user.email}, ${seen}/${events.length} events\n\n`)
  printMonth(ctx, state, month, today, o.json ? 'json' : 'table')
}
