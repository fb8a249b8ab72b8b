/**
 * What a change costs (`npm run bench -- ledger-core`, issue 26): on books of 10 years × 50 items a month, the first
 * month view and yearly summary after an item of the current month changed, after an item of the first year changed,
 * and after a flag, with the months the tax engine recomputed for each, beside the reference measured in the same
 * run: the same engine over every month from scratch (what each change cost before the engine could restart).
 */
import { addMonthsToMonth } from '../src/calendar.ts'
import { decide } from '../src/decide.ts'
import { foldBooks, isDomainError } from '../src/deciders/books.ts'
import type { BooksState } from '../src/model/state.ts'
import type { LedgerEvent } from '../src/events.ts'
import { taxesThrough } from '../src/projections/derived.ts'
import { monthTransactions } from '../src/projections/month.ts'
import { summaryList } from '../src/projections/summary.ts'
import { annualCounter } from '../src/tax/annual.ts'
import { computeTaxes, obligationCounter, taxCounter } from '../src/tax/engine.ts'

const pad = (n: number) => String(n).padStart(2, '0')
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const TODAY = '2026-11-15'
const ROUNDS = 31

const tenYears = (): BooksState => {
  const events: LedgerEvent[] = []
  let id = 1
  for (let y = 2017; y <= 2026; y++) {
    events.push({
      type: 'SettingAdded',
      data: { id: id++, kind: 'Vat', data: { date: `${y}-01-01`, percent: '23', paymentInterval: 1 } },
    } as LedgerEvent)
    events.push({
      type: 'SettingAdded',
      data: { id: id++, kind: 'SocialSecurity', data: { date: `${y}-01-01`, amount: '1600.00', percent: '9' } },
    } as LedgerEvent)
    for (let m = 1; m <= 12; m++)
      for (let k = 0; k < 50; k++)
        events.push({
          type: 'ItemAdded',
          data: {
            id: id++,
            dataType: k % 3 === 0 ? 'Income' : 'Expense',
            data: {
              date: `${y}-${pad(m)}-${pad(1 + (k % 28))}`,
              name: `Item ${k}`,
              amount: `${100 + k * 37}.${pad(k)}`,
              isCompany: k % 2 === 0,
              percent: k % 2 === 0 ? '23' : '0',
              invoiceDate: null,
              vatTreatment: 'rate',
              flatRate: null,
            },
          },
        } as LedgerEvent)
  }
  return foldBooks(events)
}

/** The dashboard after a write: the current month's view and the year's summary. */
const dashboard = (state: BooksState) => {
  monthTransactions(state, '2026-11', TODAY)
  summaryList(state, 2026, true)
}

export async function runIncremental(): Promise<void> {
  let state = tenYears()
  dashboard(state)
  /** A company income of the month (a private one changes no tax). */
  const itemOf = (month: string) =>
    [...state.records.values()].find((r) => {
      const d = r.data as { date: string; isCompany: boolean }
      return r.dataType === 'Income' && d.isCompany && d.date.startsWith(month)
    })!
  const change = (month: string, i: number) => {
    const r = itemOf(month)
    const events = decide(
      {
        type: 'UpdateItem',
        dataType: 'Income',
        id: r.id,
        data: { ...(r.data as object), amount: `${500 + i}.00` },
        at: `${TODAY}T10:00:00.000Z`,
        userId: 'u',
      },
      state,
    )
    if (isDomainError(events)) throw new Error(events.message)
    state = foldBooks(events, state)
  }
  const measure = (write: (i: number) => void) => {
    const times: number[] = []
    const months: number[] = []
    const years: number[] = []
    const obligations: number[] = []
    const compared: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const [m, y, o, c] = [taxCounter.months, annualCounter.years, obligationCounter.built, taxCounter.compared]
      const t = performance.now()
      write(i)
      dashboard(state)
      times.push(performance.now() - t)
      months.push(taxCounter.months - m)
      years.push(annualCounter.years - y)
      obligations.push(obligationCounter.built - o)
      compared.push(taxCounter.compared - c)
    }
    return {
      ms: median(times),
      months: median(months),
      years: median(years),
      obligations: median(obligations),
      compared: median(compared),
    }
  }
  /** The counters of one change: months compared and recomputed, years settled, obligations built. */
  const cost = (c: { months: number; years: number; obligations: number; compared: number }) =>
    `${c.compared} months compared, ${c.months} recomputed, ${c.years} years settled, ${c.obligations} obligations built`
  const current = measure((i) => change('2026-11', i))
  const first = measure((i) => change('2017-03', i))
  const flag = measure((i) => {
    const events = decide(
      {
        type: 'SetTransactionFlags',
        id: 'vat-2026-10',
        notification: i % 2 === 0,
        at: `${TODAY}T10:00:00.000Z`,
        userId: 'u',
      },
      state,
    )
    if (isDomainError(events)) throw new Error(events.message)
    state = foldBooks(events, state)
  })
  // Reference: the engine over every month of the books from scratch, on the same input.
  const run = taxesThrough(state, '2026-12')!.run.run
  const full: number[] = []
  const [y0, o0] = [annualCounter.years, obligationCounter.built]
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now()
    computeTaxes(run.input)
    full.push(performance.now() - t)
  }
  const fullYears = (annualCounter.years - y0) / ROUNDS
  const fullObligations = (obligationCounter.built - o0) / ROUNDS
  let months = 0
  for (let m = '2017-01'; m <= '2026-12'; m = addMonthsToMonth(m, 1)) months++
  console.log(
    `a change costs what it changes (10 years × 50 items a month, ${months} months; write + month view + year summary, ` +
      `median of ${ROUNDS}):\n` +
      `  item of the current month changed: ${current.ms.toFixed(1)} ms, ${cost(current)}\n` +
      `  item of March 2017 changed:        ${first.ms.toFixed(1)} ms, ${cost(first)}\n` +
      `  flag toggled:                      ${flag.ms.toFixed(1)} ms, ${cost(flag)}\n` +
      `  reference: the engine over all ${months} months from scratch ${median(full).toFixed(1)} ms ` +
      `(${fullYears} years settled, ${fullObligations} obligations built)`,
  )
}
