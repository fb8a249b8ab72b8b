/**
 * Numbers are gap-free and never reused: after any sequence of drafts created, deleted and issued on any days (some
 * issues decided twice on the same books, as two racing instances would, and only the first of them appended), the
 * numbers given in each series and period are exactly 1…n, none twice, and each invoice keeps the number it got.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { foldBooks } from '../model/evolve.ts'
import { initialBooks } from '../model/state.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import type { LedgerCommand } from '../commands.ts'

const draft = (issueDate: string) => ({
  kind: 'VAT',
  buyer: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: '' },
  issueDate,
  lines: [{ name: 'Usługa', quantity: '1', unit: 'szt.', unitNet: '100.00', vat: '23' }],
})

type Action =
  | { kind: 'draft'; day: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'issue'; pick: number; raced: boolean }

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc
    .tuple(fc.constantFrom('2026-01', '2026-02', '2027-01'), fc.integer({ min: 1, max: 28 }))
    .map(([m, d]) => ({ kind: 'draft' as const, day: `${m}-${String(d).padStart(2, '0')}` })),
  fc.nat(20).map((pick) => ({ kind: 'delete' as const, pick })),
  fc.tuple(fc.nat(20), fc.boolean()).map(([pick, raced]) => ({ kind: 'issue' as const, pick, raced })),
)

const run = (state: BooksState, c: Record<string, unknown>) =>
  decide({ at: '2026-01-01T00:00:00Z', userId: 'u', ...c } as LedgerCommand, state)

describe('numbering', () => {
  it('gives 1…n per series and period, never a number twice, whatever the order of drafts, deletions and issues', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 1, maxLength: 40 }), (actions) => {
        let state = foldBooks([], initialBooks)
        const given = new Map<number, string>()
        for (const a of actions) {
          const drafts = [...state.invoicing.invoices.values()].filter((i) => !i.deleted && i.status === 'draft')
          if (a.kind === 'draft') {
            const r = run(state, { type: 'SaveInvoiceDraft', data: draft(a.day) })
            if (isDomainError(r)) throw new Error(r.message)
            state = foldBooks(r, state)
            continue
          }
          const target = drafts[a.pick % Math.max(1, drafts.length)]
          if (!target) continue
          if (a.kind === 'delete') {
            const r = run(state, { type: 'DeleteInvoiceDraft', id: target.id })
            if (isDomainError(r)) throw new Error(r.message)
            state = foldBooks(r, state)
            continue
          }
          // A racing instance decided on the same books: its events are never appended after ours (the revision).
          const other = drafts.find((d) => d.id !== target.id)
          if (a.raced && other) expect(isDomainError(run(state, { type: 'IssueInvoice', id: other.id }))).toBe(false)
          const r = run(state, { type: 'IssueInvoice', id: target.id })
          if (isDomainError(r)) throw new Error(r.message)
          state = foldBooks(r, state)
          given.set(target.id, state.invoicing.invoices.get(target.id)!.number!)
        }
        const perPeriod = new Map<string, number[]>()
        for (const inv of state.invoicing.invoices.values()) {
          if (inv.status !== 'issued') continue
          expect(inv.number).toBe(given.get(inv.id))
          const [, year, month, n] = /^FV\/(\d{4})\/(\d{2})\/(\d+)$/.exec(inv.number!)!
          const key = `${year}-${month}`
          expect(key).toBe(inv.data.issueDate.slice(0, 7))
          perPeriod.set(key, [...(perPeriod.get(key) ?? []), Number(n)])
        }
        for (const ns of perPeriod.values())
          expect([...ns].sort((x, y) => x - y)).toEqual(Array.from({ length: ns.length }, (_, i) => i + 1))
        expect(new Set(given.values()).size).toBe(given.size)
      }),
      { numRuns: 100 },
    )
  })
})
