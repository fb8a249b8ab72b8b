/**
 * `finance replay [--as-of T] [--user EMAIL] [--month YYYY-MM]`: rebuilds the books of every user from the whole
 * global log (upcast + evolve, the same fold the API uses), with a progress bar and events/s on a terminal and a
 * plain summary line otherwise. With `--user`, replays that user's stream with ledger-core's `replay` (stopping at
 * `--as-of`) and prints the month as it was then: transactions, obligations, cost summary and the month's summary.
 */
import { readAllPages } from '@finance/event-store'
import {
  type BooksState,
  booksFolder,
  CURRENT_VERSIONS,
  isLedgerEventType,
  type LedgerEvent,
  replay,
  upcast,
} from '@finance/ledger-core'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { groupDigits } from '../format.ts'
import { Progress } from '../progress.ts'
import { printMonth } from './report.ts'

/** Events per page read from the store. */
const PAGE_SIZE = 5000

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
  let folder: ReturnType<typeof booksFolder> | undefined
  let folderStream = ''
  // Whole pages folded synchronously: no promise per event. Consecutive events of one stream (the usual shape of
  // the log: a command appends a batch) reuse the folder found for the previous one.
  for await (const page of readAllPages(store, { maxCount: PAGE_SIZE })) {
    for (let i = 0; i < page.length; i++) {
      const e = page[i]!
      if (asOf !== undefined && Date.parse(e.metadata.createdAt) > limit) continue
      applied++
      const streamId = e.streamId
      if (streamId !== folderStream || folder === undefined) {
        if (streamId.startsWith('books-')) {
          folder = folders.get(streamId)
          if (!folder) {
            folder = booksFolder()
            folders.set(streamId, folder)
          }
          folderStream = streamId
        } else {
          if (streamId.startsWith('user-')) users.add(streamId)
          continue
        }
      }
      // A stored event of the current version already has the in-memory shape `{ type, data }`: no copy.
      folder.push(
        isLedgerEventType(e.type) && CURRENT_VERSIONS[e.type] === e.schemaVersion
          ? (e as unknown as LedgerEvent)
          : upcast(e.type, e.schemaVersion, e.data),
      )
    }
    events += page.length
    progress.update(Number(page[page.length - 1]!.position))
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
