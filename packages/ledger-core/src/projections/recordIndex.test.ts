/**
 * A read of one company record or setting is answered from an index kept per version of the records: it derives
 * nothing, and after any sequence of writes it answers what a fresh fold of the same events answers.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldBooks, initialBooks, isDomainError } from '../deciders/books.ts'
import { decide } from '../decide.ts'
import type { BooksState } from '../model/state.ts'
import type { LedgerEvent } from '../events.ts'
import type { CompanyDataType, SettingKind } from '../schemas/dataTypes.ts'
import { commandArb, dateArb, percentArb } from '../testing/arbitraries.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { derive, deriveCounter } from './derived.ts'
import { companyRecord, currentSetting, lastItem, listRecords, recordById } from './records.ts'
import { recordIndex } from './recordIndex.ts'

const COMPANY: CompanyDataType[] = ['Primary', 'Contact', 'Addresses', 'Invoice']
const KINDS: SettingKind[] = ['Vat', 'Pit', 'SocialSecurity']

/** Company writes and deletes, setting changes and deletes, beside the core's usual commands. */
const companyArb: fc.Arbitrary<CommandInput> = fc.oneof(
  fc.record({
    type: fc.constant('SaveCompanyRecord' as const),
    dataType: fc.constant('Primary' as const),
    data: fc.record({ companyName: fc.constantFrom('Firma', 'Firma 2'), nip: fc.constant('5260250274') }),
  }),
  fc.record({
    type: fc.constant('SaveCompanyRecord' as const),
    dataType: fc.constant('Contact' as const),
    data: fc.record({ email: fc.constantFrom('a@example.com', 'b@example.com'), phoneNumber: fc.constant('') }),
  }),
  fc.record({
    type: fc.constant('DeleteCompanyRecord' as const),
    dataType: fc.constantFrom('Primary' as const, 'Contact' as const),
    id: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    type: fc.constant('UpdateSetting' as const),
    kind: fc.constant('Vat' as const),
    id: fc.integer({ min: 1, max: 30 }),
    data: fc.record({ date: dateArb, percent: percentArb, paymentInterval: fc.constantFrom(1, 3) }),
  }),
  fc.record({
    type: fc.constant('DeleteSetting' as const),
    kind: fc.constantFrom(...KINDS),
    id: fc.integer({ min: 1, max: 30 }),
  }),
)

/** What the record reads answer on `state`, as plain data. */
const reads = (state: BooksState, days: readonly string[]) => ({
  company: COMPANY.map((t) => companyRecord(state, t)),
  settings: KINDS.flatMap((k) => days.map((d) => currentSetting(state, k, d))),
  lists: KINDS.map((k) => listRecords(state, k)),
  vat: days.map((d) => recordIndex(state).vatPercentOn(d)),
  items: Array.from({ length: 30 }, (_, i) => recordById(state, i + 1)),
})

describe('record index', () => {
  it('answers as a fresh fold after any sequence of writes, read between them or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(commandArb, companyArb), fc.boolean()), { minLength: 1, maxLength: 30 }),
        fc.array(dateArb, { minLength: 1, maxLength: 4 }),
        (steps, days) => {
          let state = initialBooks
          const events: LedgerEvent[] = []
          for (const [command, read] of steps) {
            const r = decide(cmd(command), state)
            if (isDomainError(r)) continue
            events.push(...r)
            state = foldBooks(r, state)
            if (read) reads(state, days)
          }
          // A fresh fold has no earlier version to start from: its index is built from scratch.
          expect(reads(state, days)).toEqual(reads(foldBooks(events), days))
          // The last item of a type is the last of its list.
          for (const t of ['Income', 'Expense', 'RecurringIncome', 'RecurringExpense'] as const)
            expect(lastItem(state, t)).toEqual(listRecords(state, t).at(-1) ?? null)
          // The VAT rate in force is the derivation's.
          for (const d of days) expect(recordIndex(state).vatPercentOn(d)).toBe(derive(state).vatPercentOn(d))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('reads a company record, a setting and an item without deriving the books', () => {
    let state = initialBooks
    const run = (c: CommandInput) => {
      const r = decide(cmd(c), state)
      if (isDomainError(r)) throw new Error(r.message)
      state = foldBooks(r, state)
    }
    run({ type: 'AddSetting', kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } })
    for (let i = 0; i < 200; i++)
      run({
        type: 'AddItem',
        dataType: 'Income',
        data: {
          date: '2026-02-01',
          name: `I${i}`,
          amount: '10.00',
          isCompany: true,
          vatTreatment: 'inForce',
          invoiceDate: null,
        },
      })
    run({ type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'a@example.com', phoneNumber: '' } })
    const before = deriveCounter.computed
    expect(companyRecord(state, 'Primary')).toBeNull()
    expect(companyRecord(state, 'Contact')?.dataObject).toMatchObject({ email: 'a@example.com' })
    expect(currentSetting(state, 'Vat', '2026-03-01')?.dataObject).toMatchObject({ percent: '23' })
    // An item whose VAT is the rate in force takes it from the index, not from a derivation.
    expect(recordById(state, 2)?.dataObject).toMatchObject({ vatAmount: '2.30', sum: '12.30' })
    expect(deriveCounter.computed).toBe(before)
  })
})
