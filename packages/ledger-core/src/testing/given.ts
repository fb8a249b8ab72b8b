/**
 * given/when/then for deciders: `given(events).when(command).thenEmits(events)` / `.thenFails(code)` /
 * `.thenNothing()`. Commands are built with `cmd(...)`, which fills in `at` and `userId`.
 */
import { expect } from 'vitest'
import type { LedgerCommand, RecordCurrencyRates } from '../commands.ts'
import { foldBooks } from '../deciders/books.ts'
import { decide } from '../decide.ts'
import type { BooksState } from '../model/state.ts'
import { type ErrorCode, isDomainError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { pitSetting, vatSetting } from './fixtures.ts'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type CommandInput = DistributiveOmit<LedgerCommand, 'at' | 'userId'> & { at?: string; userId?: string }

export const cmd = (c: CommandInput): LedgerCommand =>
  ({ at: '2026-01-15T10:00:00.000Z', userId: 'user-1', ...c }) as LedgerCommand

export const given = (events: readonly LedgerEvent[]) => ({
  when(command: CommandInput) {
    const state: BooksState = foldBooks(events)
    const result = decide(cmd(command), state)
    return {
      result,
      state,
      /** Asserts the exact events and returns the state after them. */
      thenEmits(expected: readonly LedgerEvent[]): BooksState {
        if (isDomainError(result)) throw new Error(`expected events, got ${JSON.stringify(result)}`)
        expect(result).toEqual(expected)
        return foldBooks(result, state)
      },
      /** Asserts the error code (and, when given, the field messages). */
      thenFails(code: ErrorCode, fieldMessages?: Record<string, string>) {
        if (!isDomainError(result)) throw new Error(`expected ${code}, got events ${JSON.stringify(result)}`)
        expect(result.code).toBe(code)
        if (fieldMessages)
          expect(Object.fromEntries((result.errors ?? []).map((e) => [e.field, e.message]))).toEqual(fieldMessages)
        return result
      },
      thenNothing() {
        expect(result).toEqual([])
      },
    }
  },
})

/** Runs commands in order, failing on any error; returns the events and the final state. */
export const runCommands = (commands: readonly CommandInput[], from: readonly LedgerEvent[] = []) => {
  const events: LedgerEvent[] = [...from]
  let state = foldBooks(events)
  for (const c of commands) {
    const r = decide(cmd(c), state)
    if (isDomainError(r)) throw new Error(`${c.type} failed: ${JSON.stringify(r)}`)
    events.push(...r)
    state = foldBooks(r, state)
  }
  return { events, state }
}

/** An `AddItem` command: an item of the given kind with its data (`income()`, `recurring()`, …). */
export const addItem = (dataType: 'Income' | 'Expense' | 'RecurringIncome' | 'RecurringExpense', data: unknown) =>
  ({ type: 'AddItem', dataType, data }) as CommandInput

/** The settings of a VAT payer on the linear PIT from 1 January 2026 (the VAT setting's fields as `vat` says). */
export const vatAndLinearPit = (vat: Record<string, unknown> = {}): CommandInput[] => [
  { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01', ...vat }) },
  { type: 'AddSetting', kind: 'Pit', data: pitSetting({ date: '2026-01-01', taxType: 'Linear' }) },
]

/** A rates file recorded: NBP table A covering 1 April – 30 June 2026 whole, unless `over` says otherwise. */
export const recordRates = (
  tables: readonly { no: string; date: string; rates: Record<string, string> }[],
  over: Partial<Pick<RecordCurrencyRates, 'source' | 'table' | 'from' | 'to'>> = {},
): CommandInput => ({
  type: 'RecordCurrencyRates',
  source: 'nbpArchive',
  from: '2026-04-01',
  to: '2026-06-30',
  tables,
  ...over,
})
