import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonths, isWorkingDay } from './calendar.ts'
import { foldBooks } from './deciders/books.ts'
import { decide } from './decide.ts'
import { isDomainError } from './errors.ts'
import { serializeEvent } from './eventCodec.ts'
import type { LedgerEvent } from './events.ts'
import { upcast } from './upcast.ts'
import { formatMoney, parseMoney } from './money.ts'
import { monthTransactions } from './projections/month.ts'
import { obligations } from './projections/obligations.ts'
import { summaryList } from './projections/summary.ts'
import { diffBooks, replay } from './replay.ts'
import { booksSnapshot, commandsArb, itemDataArb } from './testing/arbitraries.ts'
import { cmd, type CommandInput, runCommands } from './testing/given.ts'

/** Runs commands, skipping those the books refuse. */
const eventsOf = (commands: readonly CommandInput[]): LedgerEvent[] => {
  const events: LedgerEvent[] = []
  let state = foldBooks([])
  for (const c of commands) {
    const r = decide(cmd(c), state)
    if (isDomainError(r)) continue
    events.push(...r)
    state = foldBooks(r, state)
  }
  return events
}

const stored = (events: readonly LedgerEvent[], start = Date.UTC(2026, 0, 1)) =>
  events.map((e, i) => ({ ...serializeEvent(e), metadata: { createdAt: new Date(start + i * 60_000).toISOString() } }))

describe('replay', () => {
  it('replaying in chunks equals replaying at once', () =>
    fc.assert(
      fc.property(commandsArb, fc.integer({ min: 0, max: 60 }), (commands, cut) => {
        const events = stored(eventsOf(commands))
        const k = Math.min(cut, events.length)
        const first = replay(events.slice(0, k))
        const chunked = replay(events.slice(k), { from: first })
        expect(booksSnapshot(chunked)).toBe(booksSnapshot(replay(events)))
        expect(first.eventCount).toBe(k)
      }),
      { numRuns: 60 },
    ))

  it('upcasting v1 item events then replaying equals replaying the current version', () =>
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const events = eventsOf(commands)
        const current = stored(events)
        const old = current.map((e) => {
          if (e.type !== 'ItemAdded' && e.type !== 'ItemUpdated') return e
          const d = e.data as { data: Record<string, unknown> }
          if (d.data.invoiceDate !== null) return e
          const { invoiceDate: _drop, ...rest } = d.data
          const v1 = { ...rest, amount: Number(rest.amount), percent: Number(rest.percent) }
          return { ...e, schemaVersion: 1, data: { ...d, data: v1 } }
        })
        expect(booksSnapshot(replay(old))).toBe(booksSnapshot(replay(current)))
      }),
      { numRuns: 60 },
    ))

  it('stops at asOf (a timestamp, or a date meaning its end)', () => {
    const { events } = runCommands([
      { type: 'AddItem', dataType: 'Income', data: { date: '2026-01-01', name: 'a', amount: '1', percent: '0' } },
      { type: 'AddItem', dataType: 'Income', data: { date: '2026-01-02', name: 'b', amount: '2', percent: '0' } },
    ])
    const s = [
      { ...serializeEvent(events[0]!), metadata: { createdAt: '2026-01-01T10:00:00.000Z' } },
      { ...serializeEvent(events[1]!), metadata: { createdAt: '2026-01-02T10:00:00.000Z' } },
    ]
    expect(replay(s, { asOf: '2026-01-01T10:00:00.000Z' }).records.size).toBe(1)
    expect(replay(s, { asOf: '2026-01-01' }).records.size).toBe(1)
    expect(replay(s, { asOf: '2026-01-02' }).records.size).toBe(2)
    expect(replay(s, { asOf: '2025-12-31' }).records.size).toBe(0)
    expect(() => replay(s, { asOf: 'yesterday' })).toThrow(RangeError)
  })

  it('diffBooks names what changed', () => {
    const item = (name: string, amount = '1') => ({ date: '2026-01-01', name, amount, percent: '0' })
    const a = runCommands([
      { type: 'AddItem', dataType: 'Income', data: item('a') },
      { type: 'AddItem', dataType: 'Income', data: item('b') },
      { type: 'AddManualTransaction', data: { date: '2026-03-01', name: 'm', amount: '1' } },
      { type: 'SetTransactionFlags', id: 'i2-2026-01', notification: true },
    ])
    const b = runCommands(
      [
        { type: 'UpdateItem', dataType: 'Income', id: 1, data: item('a', '5') },
        { type: 'SetTransactionFlags', id: 'i1-2026-01', completed: true },
        { type: 'DeleteTransaction', id: 3 },
        { type: 'DeleteTransaction', id: 'i2-2026-01' },
        { type: 'DeleteItem', id: 2 },
        { type: 'AddItem', dataType: 'Expense', data: item('c') },
      ],
      a.events,
    )
    const d = diffBooks(a.state, b.state)
    expect(d.eventsBetween).toBe(6)
    expect(d.changes.map((c) => `${c.kind}:${'id' in c ? c.id : c.month}:${c.change}`)).toEqual([
      'record:1:updated',
      'record:2:deleted',
      'record:4:added',
      'transaction:3:deleted',
      'transaction:i1-2026-01:flags',
      'transaction:i2-2026-01:deleted',
    ])
    expect(d.changes.find((c) => c.kind === 'transaction' && c.change === 'flags')).toMatchObject({
      month: '2026-01',
      before: { completed: false, paidAmount: null },
      after: { completed: true, paidAmount: '5.00' },
    })
    expect(diffBooks(b.state, b.state).changes).toEqual([])
    // Months recorded by the frozen-month model (old histories).
    const gen = foldBooks([{ type: 'MonthGenerated', data: { month: '2026-01', generatedOn: '2026-01-01', rows: [] } }])
    expect(diffBooks(foldBooks([]), gen).changes).toEqual([{ kind: 'month', month: '2026-01', change: 'generated' }])
    expect(diffBooks(gen, foldBooks([{ type: 'MonthReset', data: { month: '2026-01' } }], gen)).changes).toEqual([
      { kind: 'month', month: '2026-01', change: 'reset' },
    ])
  })
})

describe('money properties', () => {
  it('private item amounts add up to the summary to the grosz (no float anywhere)', () =>
    fc.assert(
      fc.property(fc.array(itemDataArb, { minLength: 1, maxLength: 15 }), (items) => {
        const commands: CommandInput[] = items.map((d) => ({
          type: 'AddItem',
          dataType: 'RecurringIncome',
          data: { ...d, isCompany: false, percent: '0' },
        }))
        const { state } = runCommands(commands)
        let expected = 0n
        for (const it of items)
          for (let k = 0; k < it.repetitions; k++)
            if (addMonths(it.date, k).startsWith('2026')) expected += parseMoney(it.amount)
        expect(summaryList(state, 2026, false)[12]!.privateIncomeAmmount).toBe(formatMoney(expected))
      }),
      { numRuns: 40 },
    ))

  it('obligations are never dated on a non-working day', () =>
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const state = foldBooks(eventsOf(commands))
        for (const o of obligations(state, { today: '2027-12-31' })) expect(isWorkingDay(o.dueDate)).toBe(true)
      }),
      { numRuns: 30 },
    ))

  it('an unknown event in a stream fails loudly', () =>
    expect(() => replay([{ type: 'Nope', schemaVersion: 1, data: {} }])).toThrow(/Unknown event/))

  it('upcast keeps current events untouched', () => {
    const e = { type: 'MonthReset', data: { month: '2026-01' } } as LedgerEvent
    expect(upcast(e.type, 1, e.data)).toEqual(e)
  })
})

describe('tax properties through events', () => {
  it('PIT advances of a year add up to the year tax shown on the December row (Linear, incomes only)', () =>
    fc.assert(
      fc.property(fc.array(itemDataArb, { minLength: 1, maxLength: 10 }), (items) => {
        const commands: CommandInput[] = [
          {
            type: 'AddSetting',
            kind: 'Pit',
            data: { date: '2025-01-01', taxType: 'Linear', firstPercent: '19', paymentInterval: 1 },
          },
          ...items.map(
            (d): CommandInput => ({
              type: 'AddItem',
              dataType: 'RecurringIncome',
              data: { ...d, date: d.date.replace(/^\d{4}/, '2026'), invoiceDate: null, isCompany: true },
            }),
          ),
        ]
        const { state } = runCommands(commands)
        const advances = [
          ...obligations(state, { year: 2026, today: '2026-01-01' }),
          ...obligations(state, { year: 2027, today: '2026-01-01' }),
        ]
          .filter((o) => o.kind === 'PIT' && o.periodFrom.startsWith('2026'))
          .reduce((s, o) => s + parseMoney(o.amount), 0n)
        const december = monthTransactions(state, '2027-01', '2027-01-01').find((r) => r.eventType === '4_Pit')
        expect(formatMoney(advances)).toBe(december?.dataObject.breakdown?.taxYearToDate)
      }),
      { numRuns: 30 },
    ))
})
