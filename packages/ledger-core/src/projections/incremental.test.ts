/**
 * A change costs what it changes: the tax engine restarts from the month of the change, a flag recomputes nothing
 * of it, deciding derives nothing; and books maintained write by write (with reads between the writes) equal a fresh
 * fold of the same events, views included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { decide } from '../decide.ts'
import { foldBooks, initialBooks, isDomainError } from '../deciders/books.ts'
import type { BooksState } from '../model/state.ts'
import type { LedgerEvent } from '../events.ts'
import { annualCounter } from '../tax/annual.ts'
import { taxCounter } from '../tax/engine.ts'
import { booksSnapshot, commandArb, monthArb } from '../testing/arbitraries.ts'
import { income, pitSetting, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { deriveCounter, taxesThrough } from './derived.ts'
import { monthRowCounter, monthTransactions } from './month.ts'
import { summaryCounter, summaryList } from './summary.ts'

const TODAY = '2026-06-15'

/** Applies a command to the books (a refused command changes nothing); returns the events it wrote. */
const write = (state: BooksState, c: CommandInput): { state: BooksState; events: readonly LedgerEvent[] } => {
  const r = decide(cmd(c), state)
  if (isDomainError(r)) return { state, events: [] }
  return { state: foldBooks(r, state), events: r }
}

/** Three years of monthly settings and one income a month, 2024 through 2026. */
const threeYears = (): BooksState => {
  const events: LedgerEvent[] = [
    { type: 'SettingAdded', data: { id: 1, kind: 'Vat', data: vatSetting({ date: '2024-01-01' }) } },
    { type: 'SettingAdded', data: { id: 2, kind: 'Pit', data: pitSetting({ date: '2024-01-01' }) } },
    { type: 'SettingAdded', data: { id: 3, kind: 'SocialSecurity', data: ssSetting({ date: '2024-01-01' }) } },
  ] as LedgerEvent[]
  for (let i = 0; i < 36; i++)
    events.push({
      type: 'ItemAdded',
      data: { id: 10 + i, dataType: 'Income', data: income({ date: `${addMonthsToMonth('2024-01', i)}-10` }) },
    } as LedgerEvent)
  return foldBooks(events)
}

describe('a change costs what it changes', () => {
  it('an item of March 2024 recomputes from March 2024; deciding derives nothing', () => {
    let state = threeYears()
    taxesThrough(state, '2026-12')
    const derived = deriveCounter.computed
    const r = decide(
      cmd({ type: 'UpdateItem', dataType: 'Income', id: 12, data: income({ date: '2024-03-10', amount: '5000.00' }) }),
      state,
    )
    expect(deriveCounter.computed).toBe(derived)
    if (isDomainError(r)) throw new Error(r.code)
    state = foldBooks(r, state)
    const months = taxCounter.months
    const taxes = taxesThrough(state, '2026-12')!
    expect(taxes.run.run.months[taxes.run.restartedAt]!.month).toBe('2024-03')
    // March 2024 through December 2026.
    expect(taxCounter.months - months).toBe(34)
    expect(taxes.result).toEqual(taxesThrough(foldBooks(r, threeYears()), '2026-12')!.result)
  })

  it('a change of the last year compares none of the earlier months field by field, and settles one year', () => {
    let state = threeYears()
    taxesThrough(state, '2026-12')
    const update: CommandInput = {
      type: 'UpdateItem',
      dataType: 'Income',
      id: 43,
      data: income({ date: '2026-10-10', amount: '5000.00' }),
    }
    const [compared, years, months] = [taxCounter.compared, annualCounter.years, taxCounter.months]
    state = write(state, update).state
    const taxes = taxesThrough(state, '2026-12')!
    expect(taxes.run.run.months[taxes.run.restartedAt]!.month).toBe('2026-10')
    // The 33 months before October 2026 are the same derived figures: none compared; October itself is.
    expect(taxCounter.compared - compared).toBe(1)
    expect(taxCounter.months - months).toBe(3)
    expect(annualCounter.years - years).toBe(1)
    expect(taxes.result).toEqual(taxesThrough(write(threeYears(), update).state, '2026-12')!.result)
  })

  it('a flag recomputes nothing of the tax engine; a contribution paid on a day recomputes from its month', () => {
    let state = threeYears()
    const taxes = taxesThrough(state, '2026-12')
    const runs = taxCounter.runs
    state = write(state, { type: 'SetTransactionFlags', id: 'vat-2024-05', notification: true }).state
    state = write(state, { type: 'SetTransactionFlags', id: 'i15-2024-06', completed: true }).state
    expect(taxesThrough(state, '2026-12')).toBe(taxes)
    monthTransactions(state, '2024-06', TODAY)
    expect(taxCounter.runs).toBe(runs)
    state = write(state, {
      type: 'SetTransactionFlags',
      id: 'zus-2025-05',
      completed: true,
      paidOn: '2025-06-30',
    }).state
    const months = taxCounter.months
    const paid = taxesThrough(state, '2026-12')!
    expect(paid.run.run.months[paid.run.restartedAt]!.month).toBe('2025-05')
    expect(taxCounter.months - months).toBe(20)
    expect(paid.result.contributions.find((c) => c.month === '2025-05')?.paidOn).toBe('2025-06-30')
  })
})

describe('the year summary after a change', () => {
  it('sums again only the months whose items changed', () => {
    let state = threeYears()
    expect(summaryList(state, 2025, false)).toHaveLength(13)
    const summed = summaryCounter.itemMonths
    const update: CommandInput = {
      type: 'UpdateItem',
      dataType: 'Income',
      id: 24,
      data: income({ date: '2025-03-10', amount: '7000.00' }),
    }
    state = write(state, update).state
    const after = summaryList(state, 2025, false)
    // One month of items summed again (March 2025), the eleven others shared with the version before.
    expect(summaryCounter.itemMonths - summed).toBe(1)
    expect(after).toEqual(summaryList(write(threeYears(), update).state, 2025, false))
    expect(after[2]!.companyIncomeAmmount).toBe('7000.00')
    // A generated row deleted (hidden): every month is summed again for the new hidden set, once.
    state = write(state, { type: 'DeleteTransaction', id: 'i25-2025-04' }).state
    const hiddenBefore = summaryCounter.itemMonths
    expect(summaryList(state, 2025, false)[3]!.companyIncomeAmmount).toBe('0.00')
    expect(summaryCounter.itemMonths - hiddenBefore).toBe(12)
  })
})

type Step =
  | { readonly kind: 'write'; readonly command: CommandInput }
  | { readonly kind: 'read'; readonly month: string }
  | { readonly kind: 'summary'; readonly month: string }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: commandArb.map((command) => ({ kind: 'write' as const, command })) },
  { weight: 1, arbitrary: monthArb.map((month) => ({ kind: 'read' as const, month })) },
  { weight: 1, arbitrary: monthArb.map((month) => ({ kind: 'summary' as const, month })) },
)

describe('incrementally maintained books', () => {
  it(
    'equal a fresh fold of the same events, with their derived views, after any sequence of writes',
    () =>
      fc.assert(
        fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
          let state = initialBooks
          const events: LedgerEvent[] = []
          for (const s of steps) {
            if (s.kind === 'read') {
              // Reads between writes leave derivations and engine runs behind for the next write to start from.
              monthTransactions(state, s.month, TODAY)
              continue
            }
            if (s.kind === 'summary') {
              // The year's summary keeps each month's item totals for the next version of the books to share.
              summaryList(state, Number(s.month.slice(0, 4)), false)
              continue
            }
            const w = write(state, s.command)
            state = w.state
            events.push(...w.events)
          }
          const fresh = foldBooks(events)
          expect(booksSnapshot(state)).toBe(booksSnapshot(fresh))
          // A run answers every month through its end (a longer one than asked for may be kept): compare like ranges.
          const taxes = taxesThrough(state, '2026-12')
          expect(taxes?.result).toEqual(taxesThrough(fresh, taxes?.end ?? '2026-12')?.result)
          for (let m = '2025-01'; m <= '2026-12'; m = addMonthsToMonth(m, 1))
            expect(monthTransactions(state, m, TODAY), m).toEqual(monthTransactions(fresh, m, TODAY))
          for (const year of [2024, 2025, 2026])
            expect(summaryList(state, year, true), String(year)).toEqual(summaryList(fresh, year, true))
        }),
        { numRuns: 100 },
      ),
    60_000,
  )
})

describe("the month's rows kept between books states", () => {
  /** The income `id` changed to `fields`. */
  const incomeUpdate = (id: number, fields: Record<string, string>): CommandInput => ({
    type: 'UpdateItem',
    dataType: 'Income',
    id,
    data: income(fields),
  })

  /** Rows built and DTOs made by reading `month` of `state`. */
  const built = (state: BooksState, month: string) => {
    const [rows, dtos] = [monthRowCounter.rows, monthRowCounter.dtos]
    const view = monthTransactions(state, month, TODAY)
    return { rows: monthRowCounter.rows - rows, dtos: monthRowCounter.dtos - dtos, view }
  }

  it('a write that changes one item builds that item row again and no other row of the month', () => {
    let state = threeYears()
    const first = built(state, '2025-06')
    // The month's income and its taxes for May (VAT, PIT, ZUS), all built the first time.
    expect(first.rows).toBe(first.view.length)
    expect(first.view.length).toBe(4)
    const update = (amount: string) => incomeUpdate(27, { date: '2025-06-10', amount })
    state = write(state, update('5000.00')).state
    const after = built(state, '2025-06')
    expect(after).toMatchObject({ rows: 1, dtos: 1 })
    // The taxes for May are the same objects as before: only the changed income is new.
    expect(after.view.filter((t) => first.view.includes(t)).map((t) => t.eventType)).toEqual([
      '3_Vat',
      '4_Pit',
      '5_SocialSecurity',
    ])
    // July shows June's taxes, which the change did change: they are built again; July's income is not.
    const july = built(state, '2025-07')
    state = write(state, update('6000.00')).state
    const julyAfter = built(state, '2025-07')
    expect(julyAfter.rows).toBeGreaterThanOrEqual(2)
    expect(julyAfter.rows).toBeLessThan(july.rows)
    expect(julyAfter.view[0]).toBe(july.view[0])
    expect(julyAfter.view[0]!.eventType).toBe('1_Revenue')
  })

  it('an item renamed builds again the tax rows that list it, though their figures and periods are kept', () => {
    let state = threeYears()
    const before = built(state, '2025-06').view
    // May's income (id 26) under another name: the same amounts, so the engine keeps May's periods as they were.
    state = write(state, incomeUpdate(26, { date: '2025-05-10', name: 'Renamed' })).state
    const after = built(state, '2025-06')
    const listed = (view: typeof before) =>
      view
        .filter((t) => t.eventType === '3_Vat' || t.eventType === '4_Pit')
        .map((t) => t.dataObject.relatedTransactions?.[0]?.dataObject.name)
    expect(listed(after.view)).toEqual(['Renamed', 'Renamed'])
    expect(listed(before)).not.toContain('Renamed')
    expect(after.rows).toBe(2)
  })

  it('a change in an earlier month keeps the rows of the later periods the engine computed again equal', () => {
    let state = threeYears()
    const before = built(state, '2025-07').view
    // March's income: the engine computes March through December again; June's VAT is the same figures, June's
    // PIT (year to date) is not.
    const march = incomeUpdate(24, { date: '2025-03-10', amount: '5000.00' })
    state = write(state, march).state
    const after = built(state, '2025-07')
    const of = (view: typeof before, type: string) => view.find((t) => t.eventType === type)
    expect(of(after.view, '3_Vat')).toBe(of(before, '3_Vat'))
    expect(of(after.view, '4_Pit')).not.toBe(of(before, '4_Pit'))
    expect(after.rows).toBe(2)
    expect(after.view).toEqual(monthTransactions(write(threeYears(), march).state, '2025-07', TODAY))
  })

  it('an item added builds one row; a flag set builds no row and one DTO', () => {
    let state = threeYears()
    built(state, '2025-06')
    state = write(state, { type: 'AddItem', dataType: 'Income', data: income({ date: '2025-06-20' }) }).state
    expect(built(state, '2025-06')).toMatchObject({ rows: 1, dtos: 1 })
    const vat = monthTransactions(state, '2025-06', TODAY).find((t) => t.eventType === '3_Vat')!
    state = write(state, { type: 'SetTransactionFlags', id: vat.id, notification: true }).state
    const after = built(state, '2025-06')
    expect(after).toMatchObject({ rows: 0, dtos: 1 })
    expect(after.view.find((t) => t.id === vat.id)?.notification).toBe(true)
  })

  it(
    'after every write of any sequence, a month read equals the month of a fresh fold of the same events',
    () =>
      fc.assert(
        fc.property(fc.array(fc.tuple(commandArb, monthArb), { minLength: 1, maxLength: 25 }), (steps) => {
          let state = initialBooks
          const events: LedgerEvent[] = []
          const read = new Set<string>()
          for (const [command, month] of steps) {
            const w = write(state, command)
            state = w.state
            events.push(...w.events)
            read.add(month)
            // Every month read so far is read again from the new state: its rows come from the earlier states'.
            const fresh = foldBooks(events)
            for (const m of read)
              expect(monthTransactions(state, m, TODAY), m).toEqual(monthTransactions(fresh, m, TODAY))
          }
        }),
        { numRuns: 60 },
      ),
    60_000,
  )
})
