/**
 * `finance diff --from T1 --to T2 [--user EMAIL] [--json]`: which events changed which figures between two
 * moments. For each user: the books as of T1 (ledger-core `replay`), then every event created in (T1, T2] folded
 * one at a time; `diffBooks` names the changed records, months and transactions, and the summary rows of the
 * affected years (the dashboard's figures) are compared before and after each event.
 */
import type { StoredEvent } from '@finance/event-store'
import {
  type BooksChange,
  type BooksState,
  booksFolder,
  diffBooks,
  replay,
  summaryList,
  upcast,
} from '@finance/ledger-core'
import { usersOf } from '../books.ts'
import type { Ctx } from '../context.ts'
import { formatAmount } from '../format.ts'
import { type Lang, translate } from '../i18n.ts'
import { Progress } from '../progress.ts'
import { SUMMARY_FIELDS } from './report.ts'

export interface DiffOptions {
  /** The earlier moment (ISO UTC); not after `to` (the command line checks it). */
  readonly from: string
  readonly to: string
  readonly user?: string | undefined
  readonly json: boolean
}

export interface FigureChange {
  readonly year: number
  /** 1–12, 0 for the year row. */
  readonly month: number
  readonly field: string
  readonly before: string
  readonly after: string
}

export interface EventChanges {
  readonly eventId: string
  readonly revision: string
  readonly type: string
  readonly createdAt: string
  readonly changes: readonly BooksChange[]
  readonly figures: readonly FigureChange[]
}

/** Years the books have figures in: from the dates of live records and manual rows (at most 10). */
const yearsOf = (s: BooksState): number[] => {
  const years = new Set<number>()
  for (const r of s.records.values()) {
    const date = (r.data as { date?: unknown }).date
    if (!r.deleted && typeof date === 'string' && /^\d{4}-/.test(date)) years.add(Number(date.slice(0, 4)))
  }
  for (const t of s.manual.values()) if (!t.deleted) years.add(Number(t.month.slice(0, 4)))
  return [...years].sort((a, b) => a - b).slice(-10)
}

const figureChanges = (before: BooksState, after: BooksState): FigureChange[] => {
  const out: FigureChange[] = []
  const years = [...new Set([...yearsOf(before), ...yearsOf(after)])].sort((a, b) => a - b)
  for (const year of years) {
    const a = summaryList(before, year, false)
    const b = summaryList(after, year, false)
    for (let i = 0; i < b.length; i++)
      for (const [field] of SUMMARY_FIELDS) {
        const x = String(a[i]![field])
        const y = String(b[i]![field])
        if (x !== y) out.push({ year, month: b[i]!.month, field, before: x, after: y })
      }
  }
  return out
}

/** The changes of every event of one stream created in (from, to]. */
export const changesBetween = (
  events: readonly StoredEvent[],
  from: string,
  to: string,
  onEvent: (done: number, total: number) => void = () => {},
): EventChanges[] => {
  const start = replay(events, { asOf: from })
  const end = replay(events, { asOf: to })
  const folder = booksFolder(start)
  let previous = start
  const out: EventChanges[] = []
  const between = events.slice(start.eventCount, end.eventCount)
  for (const e of between) {
    onEvent(out.length, between.length)
    folder.push(upcast(e.type, e.schemaVersion, e.data))
    const next = folder.state()
    out.push({
      eventId: e.eventId,
      revision: e.revision.toString(),
      type: e.type,
      createdAt: e.metadata.createdAt,
      changes: diffBooks(previous, next).changes,
      figures: figureChanges(previous, next),
    })
    previous = next
  }
  return out
}

const fieldsOf = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/**
 * A record's value as the reader writes it: an amount (`6000.00`) as the figures below it (`6000,00` in Polish,
 * `6,000.00` in English); other text as it is, anything else as JSON.
 */
const showIn = (lang: Lang) => (v: unknown) =>
  typeof v === 'string' ? (/^-?\d+\.\d{2}$/.test(v) ? formatAmount(lang, v) : v) : JSON.stringify(v)

/** The word of each change (`added`, `reset`, …), a key of the common catalog. */
const CHANGE_WORDS = {
  added: 'diffAdded',
  updated: 'diffUpdated',
  deleted: 'diffDeleted',
  restored: 'diffRestored',
  removed: 'diffRemoved',
  flags: 'diffFlags',
  generated: 'diffGenerated',
  reset: 'diffReset',
  regenerated: 'diffRegenerated',
} as const satisfies Record<BooksChange['change'], string>

const changeWord = (lang: Lang, change: BooksChange['change']): string => translate(lang, CHANGE_WORDS[change])

/**
 * One change as a line in the run's language. Record types and field names stay as the API names them (`Expense`,
 * `amount`), as in the JSON output; the words around them, flags' values and amounts are translated.
 */
export const describeChange = (lang: Lang, c: BooksChange): string => {
  const show = showIn(lang)
  const flag = (v: unknown) => (typeof v === 'boolean' ? translate(lang, v ? 'diffTrue' : 'diffFalse') : String(v))
  switch (c.kind) {
    case 'record': {
      const head = `${c.dataType} #${c.id} ${changeWord(lang, c.change)}`
      if (c.change === 'updated') {
        const a = fieldsOf(c.before)
        const b = fieldsOf(c.after)
        const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
        const diffs = keys.filter((k) => show(a[k]) !== show(b[k])).map((k) => `${k} ${show(a[k])} → ${show(b[k])}`)
        return `${head}: ${diffs.join(', ')}`
      }
      const d = fieldsOf(c.after ?? c.before)
      const label = [d.name ?? d.companyName, d.amount, d.date].filter((x) => x !== undefined).map(show)
      return label.length > 0 ? `${head}: ${label.join(' ')}` : head
    }
    case 'month':
      return `${translate(lang, 'diffMonth', c.month)} ${changeWord(lang, c.change)}`
    case 'transaction': {
      const head = `${translate(lang, 'diffTransaction', c.id, c.month)} ${changeWord(lang, c.change)}`
      if (c.change !== 'flags' || !c.before || !c.after) return head
      const keys = ['completed', 'notification', 'notificationCompleted'] as const
      return `${head}: ${keys
        .filter((k) => c.before![k] !== c.after![k])
        .map((k) => `${k} ${flag(c.before![k])} → ${flag(c.after![k])}`)
        .join(', ')}`
    }
  }
}

export const diffCommand = async (ctx: Ctx, o: DiffOptions): Promise<void> => {
  const store = await ctx.store()
  const result: { email: string; events: EventChanges[] }[] = []
  for (const b of await usersOf(ctx, o.user, { deleted: true })) {
    const events = await store.readStream(`books-${b.userId}`)
    let progress: Progress | undefined
    const changes = changesBetween(events, o.from, o.to, (done, total) => {
      progress ??= new Progress(ctx, total, `diff ${b.email}`)
      progress.update(done)
    })
    if (progress?.wasDrawn) progress.finish(changes.length)
    if (changes.length > 0 || o.user !== undefined) result.push({ email: b.email, events: changes })
  }
  if (o.json) {
    ctx.out(`${JSON.stringify({ from: o.from, to: o.to, users: result }, null, 2)}\n`)
    return
  }
  const label = new Map<string, string>(SUMMARY_FIELDS.map(([f, k]) => [f, ctx.t(k)]))
  if (result.length === 0) ctx.out(`${ctx.t('noChanges')} (${o.from} .. ${o.to})\n`)
  for (const u of result) {
    ctx.out(`${ctx.colour.bold(ctx.t('diffUser', u.email, u.events.length, o.from, o.to))}\n`)
    if (u.events.length === 0) ctx.out(`  ${ctx.t('noChanges')}\n`)
    for (const e of u.events) {
      ctx.out(`\n${e.createdAt}  ${ctx.colour.bold(e.type)}  r${e.revision} ${ctx.colour.dim(e.eventId)}\n`)
      for (const c of e.changes) ctx.out(`  ${describeChange(ctx.lang, c)}\n`)
      for (const f of e.figures) {
        const when = f.month === 0 ? String(f.year) : `${f.year}-${String(f.month).padStart(2, '0')}`
        const [before, after] = [formatAmount(ctx.lang, f.before), formatAmount(ctx.lang, f.after)]
        ctx.out(`  ${when} ${label.get(f.field) ?? f.field}: ${before} → ${after}\n`)
      }
    }
    ctx.out('\n')
  }
}
