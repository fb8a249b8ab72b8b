/**
 * A derivation step costs what it adds: the month figures of a change are updated by the occurrences it adds and
 * removes (counted), and after any sequence of writes and imports they equal the figures summed whole.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { decide } from '../decide.ts'
import { foldBooks, initialBooks, isDomainError } from '../deciders/books.ts'
import type { BooksState } from '../model/state.ts'
import type { LedgerCommand } from '../commands.ts'
import type { LedgerEvent } from '../events.ts'
import type { MonthFigures } from '../tax/engine.ts'
import { commandArb, dateArb, itemDataArb, monthArb } from '../testing/arbitraries.ts'
import { income, pitSetting, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { type Derived, derive, deriveAfresh, figureCounter } from './derived.ts'
import { monthTransactions } from './month.ts'

/** Figures in a canonical order: a month's sales lines and ryczałt rates are sums whose order means nothing. */
const canonical = (figures: ReadonlyMap<string, MonthFigures>) =>
  [...figures.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([m, f]) => ({
      ...f,
      month: m,
      sales: [...(f.sales ?? [])].sort((a, b) =>
        `${a.treatment}|${a.percent}` < `${b.treatment}|${b.percent}` ? -1 : 1,
      ),
      flatRevenue: [...(f.flatRevenue ?? [])].sort((a, b) => ((a.rate ?? '') < (b.rate ?? '') ? -1 : 1)),
    }))

/** The schedule's occurrences by tax month, as item and index (the order a fresh index sorts them in). */
const occurrences = (d: Derived) =>
  [...d.schedule.byTaxMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([m, os]) => [m, os.map((o) => `${o.itemId}/${o.index}`)])

const expectLikeFresh = (state: BooksState) => {
  const d = derive(state)
  const fresh = deriveAfresh(state)
  expect(canonical(d.figures)).toEqual(canonical(fresh.figures))
  expect(occurrences(d)).toEqual(occurrences(fresh))
}

/** Items with the fields that add parts of their own to a month: rates, zw/np, ryczałt rates, cross-border, cars. */
const richItemArb = fc
  .record({
    base: itemDataArb,
    // A few months, so that a month holds several items and an edit may take away the last of a part.
    day: fc.constantFrom('2025-01-10', '2025-02-15', '2025-02-28', '2025-03-01'),
    isIncome: fc.boolean(),
    vatTreatment: fc.constantFrom('rate', 'rate', 'inForce', 'zw', 'np'),
    flatRate: fc.option(fc.constantFrom('3', '8.5', '12'), { nil: null }),
    crossBorder: fc.option(fc.constantFrom('euServices', 'wdt', 'importServices', 'wnt'), { nil: undefined }),
    car: fc.option(fc.constantFrom('mixed', 'businessOnly'), { nil: undefined }),
    fixedAsset: fc.boolean(),
    notCost: fc.boolean(),
  })
  .map(({ base, day, isIncome, vatTreatment, flatRate, crossBorder, car, fixedAsset, notCost }) => {
    const { repetitions: _, ...data } = base
    const sale = crossBorder === 'euServices' || crossBorder === 'wdt'
    return {
      dataType: isIncome ? ('Income' as const) : ('Expense' as const),
      data: {
        ...income({ ...data, date: day }),
        vatTreatment,
        percent: vatTreatment === 'inForce' ? null : data.percent,
        ...(isIncome ? { flatRate } : {}),
        ...(crossBorder && sale === isIncome ? { crossBorder } : {}),
        ...(!isIncome && car ? { car: { use: car } } : {}),
        ...(!isIncome && fixedAsset ? { fixedAsset } : {}),
        ...(!isIncome && notCost ? { kpirColumn: 'notCost' } : {}),
      },
    }
  })

type Step =
  | { readonly kind: 'write'; readonly command: CommandInput }
  | { readonly kind: 'rich'; readonly item: { dataType: 'Income' | 'Expense'; data: Record<string, unknown> } }
  | { readonly kind: 'edit'; readonly pick: number; readonly date: string; readonly remove: boolean }
  | {
      readonly kind: 'import'
      readonly items: readonly { dataType: string; data: Record<string, unknown> }[]
      readonly step: number
    }
  | { readonly kind: 'read'; readonly month: string }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: commandArb.map((command) => ({ kind: 'write' as const, command })) },
  { weight: 3, arbitrary: richItemArb.map((item) => ({ kind: 'rich' as const, item })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        pick: fc.nat(),
        date: fc.oneof(dateArb, fc.constantFrom('2025-02-01', '2025-03-31')),
        remove: fc.boolean(),
      })
      .map((e) => ({ kind: 'edit' as const, ...e })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ items: fc.array(richItemArb, { minLength: 1, maxLength: 30 }), step: fc.integer({ min: 1, max: 12 }) })
      .map((i) => ({ kind: 'import' as const, ...i })),
  },
  { weight: 1, arbitrary: monthArb.map((month) => ({ kind: 'read' as const, month })) },
)

const apply = (state: BooksState, command: LedgerCommand): BooksState => {
  const r = decide(command, state)
  return isDomainError(r) ? state : foldBooks(r, state)
}

/** An import's events folded and derived a few at a time, as the application does with a bulk import. */
const importInSteps = (state: BooksState, step: Extract<Step, { kind: 'import' }>): BooksState => {
  const documents = step.items.map((it, i) => ({
    key: {
      isIncome: it.dataType === 'Income',
      documentNumber: `D ${state.nextId}/${i}`,
      sellerTaxId: '5260250274',
      ksefNumber: null,
    },
    items: [it],
  }))
  const r = decide(cmd({ type: 'ImportDocuments', documents } as CommandInput), state)
  if (isDomainError(r)) return state
  let s = state
  for (let i = 0; i < r.length; i += step.step) {
    s = foldBooks(r.slice(i, i + step.step), s)
    derive(s, step.step)
  }
  return s
}

/** Runs the steps from empty books; after each, the derivation kept up to date equals one made whole. */
const runSteps = (steps: readonly Step[]): void => {
  let state = initialBooks
  for (const s of steps) {
    if (s.kind === 'read') {
      monthTransactions(state, s.month, '2026-06-15')
      continue
    }
    if (s.kind === 'import') state = importInSteps(state, s)
    else if (s.kind === 'write') state = apply(state, cmd(s.command))
    else if (s.kind === 'rich') state = apply(state, cmd({ type: 'AddItem', ...s.item } as CommandInput))
    else {
      // An edit of a live item (its date moved) or its deletion: occurrences taken away from their months.
      const items = [...state.records.values()].filter(
        (r) => !r.deleted && (r.dataType === 'Income' || r.dataType === 'Expense'),
      )
      const r = items[s.pick % Math.max(1, items.length)]
      if (r)
        state = apply(
          state,
          cmd(
            s.remove
              ? { type: 'DeleteItem', id: r.id }
              : ({
                  type: 'UpdateItem',
                  dataType: r.dataType,
                  id: r.id,
                  data: { ...r.data, date: s.date },
                } as CommandInput),
          ),
        )
    }
    expectLikeFresh(state)
  }
}

describe('month figures updated by what a change adds and removes', () => {
  it(
    'equal the figures summed whole after any sequence of writes, edits and imports in steps',
    () => fc.assert(fc.property(fc.array(stepArb, { minLength: 1, maxLength: 30 }), runSteps), { numRuns: 150 }),
    120_000,
  )
})

/** A year of settings and 50 company items a month (2025), derived. */
const yearOfItems = (): BooksState => {
  const settings = { Vat: vatSetting, Pit: pitSetting, SocialSecurity: ssSetting }
  const events = Object.entries(settings).map(
    ([kind, setting], i) =>
      ({ type: 'SettingAdded', data: { id: i + 1, kind, data: setting({ date: '2025-01-01' }) } }) as LedgerEvent,
  )
  let id = 10
  for (let m = 0; m < 12; m++)
    for (let k = 0; k < 50; k++)
      events.push({
        type: 'ItemAdded',
        data: {
          id: id++,
          dataType: k % 2 ? 'Income' : 'Expense',
          data: income({
            date: `${addMonthsToMonth('2025-01', m)}-${String(1 + (k % 28)).padStart(2, '0')}`,
          }),
        },
      } as LedgerEvent)
  const state = foldBooks(events)
  derive(state)
  return state
}

const counted = <T>(f: () => T) => {
  const o = figureCounter.occurrences
  const m = figureCounter.months
  const value = f()
  return { value, occurrences: figureCounter.occurrences - o, months: figureCounter.months - m }
}

describe('a derivation step sums what it changes', () => {
  it('an item added to a month of 50 sums that one occurrence; no month is summed whole', () => {
    const state = yearOfItems()
    const { occurrences, months } = counted(() =>
      derive(apply(state, cmd({ type: 'AddItem', dataType: 'Income', data: income({ date: '2025-03-10' }) }))),
    )
    expect({ occurrences, months }).toEqual({ occurrences: 1, months: 0 })
  })

  it('an edit takes the old occurrence away and adds the new one; the month is summed whole once, for its tally', () => {
    let state = yearOfItems()
    const edit = (amount: string) => {
      state = apply(
        state,
        cmd({ type: 'UpdateItem', dataType: 'Income', id: 11, data: income({ date: '2025-01-02', amount }) }),
      )
      return derive(state)
    }
    // The first removal from a month summed whole counts its 50 occurrences once (which parts each one was in).
    expect(counted(() => edit('2000.00'))).toMatchObject({ occurrences: 50 + 2, months: 1 })
    // From then on the month's tally goes with its figures: an edit sums two occurrences.
    const after = counted(() => edit('3000.00'))
    expect({ occurrences: after.occurrences, months: after.months }).toEqual({ occurrences: 2, months: 0 })
    expectLikeFresh(state)
  })

  it('an import of 600 documents over a year, in steps of 100, sums each added occurrence once', () => {
    const state = yearOfItems()
    const items = Array.from({ length: 600 }, (_, i) => ({
      dataType: 'Expense',
      data: income({ date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-15`, amount: `${10 + i}.25` }),
    }))
    const { value, occurrences, months } = counted(() => importInSteps(state, { kind: 'import', items, step: 100 }))
    expect({ occurrences, months }).toEqual({ occurrences: 600, months: 0 })
    expectLikeFresh(value)
  })
})

describe('a part of a month no occurrence adds to any more', () => {
  it('is dropped when its last occurrence goes: a fixed asset, a sales line, a ryczałt rate', () => {
    let state = apply(initialBooks, cmd({ type: 'AddItem', dataType: 'Income', data: income({ date: '2025-02-03' }) }))
    const added = (dataType: 'Income' | 'Expense', over: Record<string, unknown>) => {
      state = apply(state, cmd({ type: 'AddItem', dataType, data: income({ date: '2025-02-10', ...over }) }))
      derive(state)
      return state.nextId - 1
    }
    const parts = [
      added('Expense', { fixedAsset: true }),
      added('Income', { vatTreatment: 'zw', percent: '0' }),
      added('Income', { flatRate: '12' }),
    ]
    // Each part of February's figures is there while its item is.
    const february = () => derive(state).figures.get('2025-02')!
    expect(february().assetVat).toEqual({ base: 100_000n, vat: 23_000n, correction: 0n })
    expect(february().sales?.map((l) => l.treatment)).toContain('zw')
    expect(february().flatRevenue?.map((r) => r.rate)).toContain('12')
    for (const id of parts) {
      state = apply(state, cmd({ type: 'DeleteItem', id }))
      expectLikeFresh(state)
    }
    expect(february()).toEqual(deriveAfresh(state).figures.get('2025-02'))
    expect(february()).not.toHaveProperty('assetVat')
    expect(february().sales?.map((l) => l.treatment)).toEqual(['rate'])
    expect(february().flatRevenue?.map((r) => r.rate)).toEqual([null])
  })
})
