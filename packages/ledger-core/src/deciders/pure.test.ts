/**
 * Deciding reads only the books state: a record command asks nothing of the views and derives nothing, and no
 * module of the decider imports the projections (the arrow points down: projections read the decider's state).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { deriveCounter } from '../projections/derived.ts'
import { transactionLookup } from '../projections/lookup.ts'
import { income, vatSetting } from '../testing/fixtures.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { type BooksLookup, decideWith, foldBooks, initialBooks, isDomainError } from './books.ts'
import type { BooksState } from '../model/state.ts'

/** A lookup that fails the test when asked. */
const noViews: BooksLookup = {
  transaction: () => {
    throw new Error('a record command asked for a transaction view')
  },
  taxDueDate: () => {
    throw new Error('a record command asked for a tax period')
  },
}

describe('the decider', () => {
  it('decides record commands without asking for views or deriving the books', () => {
    let state: BooksState = initialBooks
    const commands: CommandInput[] = [
      { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-02-01', name: 'A', amount: '100' }) },
      { type: 'UpdateItem', dataType: 'Income', id: 2, data: income({ date: '2026-02-02', name: 'B', amount: '50' }) },
      { type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'a@example.com', phoneNumber: '' } },
      { type: 'UpdateSetting', kind: 'Vat', id: 1, data: vatSetting({ percent: '8' }) },
      { type: 'DeleteItem', dataType: 'Income', id: 2 },
      { type: 'AddManualTransaction', data: { eventType: '1_Revenue', date: '2026-03-01', name: 'M', amount: '1' } },
    ]
    const before = deriveCounter.computed
    for (const c of commands) {
      const events = decideWith(cmd(c), state, noViews)
      if (isDomainError(events)) throw new Error(`${c.type}: ${events.message}`)
      expect(events.length).toBeGreaterThan(0)
      state = foldBooks(events, state)
    }
    expect(deriveCounter.computed).toBe(before)
  })

  it('asks the lookup for the row a flag names, and records the amount it shows', () => {
    const state = foldBooks(
      decideWith(
        cmd({ type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-02-01', name: 'A', amount: '100' }) }),
        initialBooks,
        noViews,
      ) as never,
    )
    const asked: unknown[] = []
    const views = transactionLookup(state)
    const lookup: BooksLookup = {
      ...views,
      transaction: (id) => {
        asked.push(id)
        return views.transaction(id)
      },
    }
    const events = decideWith(cmd({ type: 'SetTransactionFlags', id: 'i1-2026-02', completed: true }), state, lookup)
    expect(asked).toEqual(['i1-2026-02'])
    expect(events).toEqual([
      { type: 'TransactionCompletedSet', data: { id: 'i1-2026-02', completed: true, amount: '123.00' } },
    ])
  })

  it('imports nothing of the projections', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url))
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')))
      expect(readFileSync(`${dir}${f}`, 'utf8'), f).not.toMatch(/from '\.\.\/projections\//)
  })
})
