/**
 * Nothing twice, nothing lost: importing any split of the same account history into statements (contiguous or
 * overlapping), each any number of times and in any order, yields the same lines, matches and balance as importing
 * the history at once, and no gap.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { foldBooks, initialBooks } from '../deciders/books.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { cmd } from '../testing/given.ts'
import type { BankStatementInput, BankStatementLineInput } from './commands.ts'
import { line, statement } from './testing.ts'
import { bankOverview } from './views.ts'

const DAYS = 12
const day = (d: number) => `2026-03-${String(d + 1).padStart(2, '0')}`

// Few titles and amounts, so identical lines on one day are common.
const lineArb = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 1 }),
  amount: fc.constantFrom('-10.00', '-10.00', '25.50', '-3.99', '100.00'),
  title: fc.constantFrom('Opłata', 'Kawa', 'Zwrot'),
  ref: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
})

const historyArb = fc.array(lineArb, { minLength: 1, maxLength: 30 }).map((ls) =>
  ls
    .map(
      (l, i): BankStatementLineInput =>
        line({
          bookingDate: day(l.day),
          amount: l.amount,
          title: l.title,
          // A reference is unique per line, as banks give them.
          bankReference: l.ref === undefined ? undefined : `REF-${i}`,
        }),
    )
    .sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0)),
)

/** The statement of days [from, to] of the history, its opening balance the history's balance before `from`. */
const cut = (history: readonly BankStatementLineInput[], from: number, to: number): BankStatementInput => {
  let opening = parseMoney('1000.00')
  for (const l of history) if (l.bookingDate < day(from)) opening += parseMoney(l.amount)
  const lines = history.filter((l) => l.bookingDate >= day(from) && l.bookingDate <= day(to))
  return statement(lines, { openingBalance: formatMoney(opening), openingDate: day(from), closingDate: day(to) })
}

const importAll = (statements: readonly BankStatementInput[]): BooksState => {
  let state = initialBooks
  for (const s of statements) {
    const r = decide(cmd({ type: 'ImportBankStatement', statement: s }), state)
    if (isDomainError(r)) throw new Error(JSON.stringify(r))
    state = foldBooks(r, state)
  }
  return state
}

const ledgerOf = (state: BooksState) => ({
  lines: [...state.bank.lines.values()]
    .map(({ statement: _, ...l }) => l)
    .sort((a, b) => (a.lineId < b.lineId ? -1 : 1)),
  matches: [...state.bank.matches.values()].sort((a, b) => (a.lineId < b.lineId ? -1 : 1)),
  balance: bankOverview(state).accounts.map((a) => a.balance),
  gaps: bankOverview(state).gaps,
})

describe('importing statements', () => {
  it('any split, repetition and order of the same statements gives the same ledger and balances', () => {
    fc.assert(
      fc.property(
        historyArb,
        // Cut points of a contiguous split, extra overlapping spans, and the order and repetition of the imports.
        fc.uniqueArray(fc.integer({ min: 1, max: DAYS - 1 }), { maxLength: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: DAYS - 1 }), fc.integer({ min: 0, max: DAYS - 1 })), {
          maxLength: 3,
        }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (history, cuts, spans, order) => {
          const bounds = [0, ...[...cuts].sort((a, b) => a - b), DAYS]
          const parts = bounds.slice(1).map((end, i) => cut(history, bounds[i]!, end - 1))
          const extra = spans.map(([a, b]) => cut(history, Math.min(a, b), Math.max(a, b)))
          const pool = [...parts, ...extra]
          // Every part at least once, then more imports drawn from the pool, all shuffled by `order`.
          const sequence = [...pool, ...order.map((n) => pool[n % pool.length]!)]
          const shuffled = sequence
            .map((s, i) => ({ s, k: order[i % order.length]! * 31 + i }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.s)
          const once = ledgerOf(importAll([cut(history, 0, DAYS - 1)]))
          const split = ledgerOf(importAll(shuffled))
          expect(split).toEqual(once)
          expect(once.lines).toHaveLength(history.length)
          expect(once.gaps).toEqual([])
        },
      ),
      { numRuns: 150 },
    )
  })
})
