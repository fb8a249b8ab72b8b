/**
 * ledger-core benchmark (`npm run bench -- ledger-core`):
 * 1. derive 10 years of months (monthTransactions for all 120 months + the 10 yearly summaries) for a user with
 *    200 items and effective-dated settings, from a cold cache; then the 10 year ends (`annualReport`: the return,
 *    the health settlement and the three forms compared) against those summaries;
 * 2. fold 1 000 000 deterministic events (a realistic mix of item adds and updates and transaction flag toggles
 *    by identity), reported as events/s, directly (`foldBooks`) and through `replay` (upcast path);
 * with a reference measured in the same run: a bare `Map.set` loop over the same number of events.
 */
import { decide } from '../src/decide.ts'
import { CowMap, foldBooks, initialBooks, isDomainError } from '../src/deciders/books.ts'
import type { BooksState } from '../src/model/state.ts'
import { serializeEvent } from '../src/eventCodec.ts'
import type { LedgerEvent } from '../src/events.ts'
import { monthTransactions } from '../src/projections/month.ts'
import { summaryList } from '../src/projections/summary.ts'
import { replay } from '../src/replay.ts'
import { annualReport } from '../src/reports/annual.ts'
import { runIncremental } from './incremental.ts'
import { seededRandom as rng } from '../src/testing/random.ts'

const pad = (n: number) => String(n).padStart(2, '0')
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6

const buildUser = (): BooksState => {
  const r = rng(42)
  let state = initialBooks
  const apply = (c: Record<string, unknown>) => {
    const out = decide({ at: '2026-01-01T00:00:00.000Z', userId: 'bench', ...c } as never, state)
    if (isDomainError(out)) throw new Error(JSON.stringify(out))
    state = foldBooks(out, state)
  }
  apply({ type: 'AddSetting', kind: 'Vat', data: { date: '2017-01-01', percent: '23', paymentInterval: 1 } })
  apply({ type: 'AddSetting', kind: 'Vat', data: { date: '2022-01-01', percent: '23', paymentInterval: 3 } })
  apply({
    type: 'AddSetting',
    kind: 'Pit',
    data: { date: '2017-01-01', taxType: 'Scale', firstPercent: '12', paymentInterval: 1 },
  })
  apply({
    type: 'AddSetting',
    kind: 'Pit',
    data: { date: '2021-01-01', taxType: 'Linear', firstPercent: '19', paymentInterval: 1 },
  })
  apply({ type: 'AddSetting', kind: 'SocialSecurity', data: { date: '2017-01-01', amount: '1600.00', percent: '9' } })
  apply({ type: 'AddSetting', kind: 'SocialSecurity', data: { date: '2025-01-01', amount: '1773.96', percent: '4.9' } })
  const types = ['Income', 'RecurringIncome', 'Expense', 'RecurringExpense'] as const
  for (let i = 0; i < 200; i++) {
    const dataType = types[Math.floor(r() * 4)]!
    const y = 2017 + Math.floor(r() * 10)
    const m = 1 + Math.floor(r() * 12)
    const d = 1 + Math.floor(r() * 31)
    const isCompany = r() < 0.7
    apply({
      type: 'AddItem',
      dataType,
      data: {
        date: `${y}-${pad(m)}-${pad(Math.min(d, 28))}`,
        name: `Item ${i}`,
        amount: `${Math.floor(r() * 20000)}.${pad(Math.floor(r() * 100))}`,
        isCompany,
        percent: isCompany ? ['23', '8', '5', '0'][Math.floor(r() * 4)] : '0',
        invoiceDate: null,
        repetitions: 1 + Math.floor(r() * 36),
      },
    })
  }
  return state
}

export const makeEvents = (n: number): LedgerEvent[] => {
  const r = rng(7)
  const events: LedgerEvent[] = []
  let nextId = 1
  const items: { id: number; dataType: 'Income' | 'RecurringExpense' }[] = []
  while (events.length < n) {
    const x = r()
    if (x < 0.1 || items.length === 0) {
      const dataType = r() < 0.5 ? 'Income' : 'RecurringExpense'
      const id = nextId++
      items.push({ id, dataType })
      events.push({
        type: 'ItemAdded',
        data: {
          id,
          dataType,
          data: {
            date: `2026-${pad(1 + (id % 12))}-10`,
            name: `Item ${id}`,
            amount: `${id % 10000}.50`,
            isCompany: true,
            percent: '23',
            invoiceDate: null,
            ...(dataType === 'RecurringExpense' ? { repetitions: 12 } : {}),
          },
        },
      } as LedgerEvent)
    } else if (x < 0.55) {
      const it = items[Math.floor(r() * items.length)]!
      events.push({
        type: 'ItemUpdated',
        data: {
          id: it.id,
          dataType: it.dataType,
          data: {
            date: '2026-03-10',
            name: `Item ${it.id}`,
            amount: `${Math.floor(r() * 10000)}.25`,
            isCompany: r() < 0.8,
            percent: '23',
            invoiceDate: null,
            ...(it.dataType === 'RecurringExpense' ? { repetitions: 6 } : {}),
          },
        },
      } as LedgerEvent)
    } else {
      // A flag of an occurrence of some item (its identity: item and month).
      const it = items[Math.floor(r() * items.length)]!
      const id = `i${it.id}-2026-${pad(1 + Math.floor(r() * 12))}`
      const completed = r() < 0.5
      events.push(
        r() < 0.6
          ? { type: 'TransactionCompletedSet', data: { id, completed, amount: completed ? '123.00' : null } }
          : { type: 'TransactionNotificationSet', data: { id, notification: r() < 0.5 } },
      )
    }
  }
  return events
}

export async function run(): Promise<void> {
  await runIncremental()
  // 1. Derivation of 10 years.
  const state = buildUser()
  let t0 = process.hrtime.bigint()
  let rows = 0
  for (let y = 2017; y <= 2026; y++)
    for (let m = 1; m <= 12; m++) rows += monthTransactions(state, `${y}-${pad(m)}`, '2026-12-31').length
  const monthsMs = ms(t0)
  t0 = process.hrtime.bigint()
  for (let y = 2017; y <= 2026; y++) summaryList(state, y, true)
  const summaryMs = ms(t0)
  console.log(
    `derive 120 months, 200 items: monthTransactions ${monthsMs.toFixed(1)} ms (${rows} rows), ` +
      `+ 10 cumulative summaries ${summaryMs.toFixed(1)} ms (warm rows cache)`,
  )
  const cold = { ...state, records: CowMap.from(state.records) } // same books, fresh derivation cache
  t0 = process.hrtime.bigint()
  for (let y = 2017; y <= 2026; y++) summaryList(cold, y, false)
  const coldSummariesMs = ms(t0)
  console.log(`10 yearly summaries from a cold cache: ${coldSummariesMs.toFixed(1)} ms`)
  // The year end of each of the 10 years (return, health settlement, obligations and the three forms compared),
  // from a cold cache, against the 10 cold summaries above (the same engine run underneath).
  const coldYearEnd = { ...state, records: CowMap.from(state.records) }
  t0 = process.hrtime.bigint()
  for (let y = 2017; y <= 2026; y++) annualReport(coldYearEnd, y, '2026-06-15')
  const yearEndMs = ms(t0)
  console.log(
    `10 year ends (annualReport) from a cold cache: ${yearEndMs.toFixed(1)} ms = ` +
      `${(yearEndMs / coldSummariesMs).toFixed(1)}× the 10 cold summaries`,
  )

  // 2. Fold of 1M events.
  const N = 1_000_000
  const events = makeEvents(N)
  // Reference: the cheapest conceivable fold, one Map.set per event.
  // Reference, measured in the same run: the cheapest conceivable fold, one Map.set of a fresh object per event.
  const reference = () => {
    const t = process.hrtime.bigint()
    const ref = new Map<number, unknown>()
    for (const e of events) ref.set((e.data as { id?: number }).id ?? 0, { data: e.data })
    return ms(t)
  }
  const runs: number[] = []
  const refs: number[] = []
  let sizes = ''
  for (let i = 0; i < 5; i++) {
    refs.push(reference())
    t0 = process.hrtime.bigint()
    const folded = foldBooks(events)
    runs.push(ms(t0))
    sizes = `${folded.records.size} records, ${folded.flags.size} flagged transactions`
  }
  const best = Math.min(...runs)
  const bestRef = Math.min(...refs)
  console.log(
    `foldBooks 1M events: best of 5 ${best.toFixed(0)} ms = ${Math.round(N / (best / 1000)).toLocaleString('en')} events/s ` +
      `(runs ${runs.map((x) => x.toFixed(0)).join(', ')} ms); reference Map.set loop best ${bestRef.toFixed(0)} ms; ` +
      `fold / reference = ${(best / bestRef).toFixed(1)}×; ${sizes}`,
  )
  const stored = events.map((e) => ({ ...serializeEvent(e), metadata: { createdAt: '2026-01-01T00:00:00.000Z' } }))
  const replayRuns: number[] = []
  for (let i = 0; i < 3; i++) {
    t0 = process.hrtime.bigint()
    replay(stored)
    replayRuns.push(ms(t0))
  }
  const replayMs = Math.min(...replayRuns)
  console.log(
    `replay 1M stored events (version check + fold): best of 3 ${replayMs.toFixed(0)} ms = ` +
      `${Math.round(N / (replayMs / 1000)).toLocaleString('en')} events/s (runs ${replayRuns.map((x) => x.toFixed(0)).join(', ')} ms)`,
  )

  // 3. Bank statements: 50 000 lines imported, matched, re-imported (bench/bank.ts).
  await (await import('./bank.ts')).run()
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
