import { describe, expect, it } from 'vitest'
import type { ImportedDocument } from '../commands.ts'
import type { LedgerEvent } from '../events.ts'
import { income } from '../testing/fixtures.ts'
import { given } from '../testing/given.ts'
import { foldBooks } from './books.ts'
import { DUPLICATE_MESSAGE, planDocuments } from './documents.ts'

const KSEF = '5265877635-20260305-0100001AF629-82'
const seller = { name: 'Hurtownia', taxId: '7740001454', country: 'PL', address: 'Płock' }

const purchase = (number: string, over: Record<string, unknown> = {}, ksefNumber: string | null = null) =>
  ({
    key: { ksefNumber, documentNumber: number, sellerTaxId: seller.taxId, isIncome: false },
    items: [
      {
        dataType: 'Expense',
        data: income({ name: number, documentNumber: number, counterparty: seller, ksefNumber, ...over }),
      },
      {
        dataType: 'Expense',
        data: income({ name: number, documentNumber: number, counterparty: seller, ksefNumber, percent: '8' }),
      },
    ],
  }) as ImportedDocument

const added = (id: number, dataType: string, data: unknown) =>
  ({ type: 'ItemAdded', data: { id, dataType, data } }) as LedgerEvent

describe('importing documents', () => {
  it('adds every item of a document with consecutive ids, in one decision', () => {
    const doc = purchase('FZ 1/2026', {}, KSEF)
    const events = given([]).when({ type: 'ImportDocuments', documents: [doc] }).result as LedgerEvent[]
    expect(events.map((e) => [e.type, (e.data as { id: number }).id])).toEqual([
      ['ItemAdded', 1],
      ['ItemAdded', 2],
    ])
    expect((events[1]!.data as { data: { percent: string } }).data.percent).toBe('8')
  })

  it('refuses a document the books hold: the same KSeF number, or the same seller and number', () => {
    const held = [added(1, 'Expense', income({ documentNumber: 'fz  1/2026', counterparty: seller }))]
    given(held)
      .when({ type: 'ImportDocuments', documents: [purchase('FZ 1/2026')] })
      .thenFails('DUPLICATE', { 'documents.0.document': DUPLICATE_MESSAGE })
    const byKsef = [added(1, 'Income', income({ ksefNumber: KSEF }))]
    given(byKsef)
      .when({ type: 'ImportDocuments', documents: [purchase('FZ 9/2026', {}, KSEF)] })
      .thenFails('DUPLICATE')
    // Another seller's invoice of the same number is another document.
    const other = { ...purchase('FZ 1/2026'), key: { ...purchase('FZ 1/2026').key, sellerTaxId: '5260001246' } }
    expect(Array.isArray(given(held).when({ type: 'ImportDocuments', documents: [other] }).result)).toBe(true)
    // A deleted item holds nothing.
    const deleted = [...held, { type: 'ItemDeleted', data: { id: 1, dataType: 'Expense' } } as LedgerEvent]
    expect(
      Array.isArray(given(deleted).when({ type: 'ImportDocuments', documents: [purchase('FZ 1/2026')] }).result),
    ).toBe(true)
  })

  it('an income is the company’s own sale: its number alone identifies it', () => {
    const held = [added(1, 'Income', income({ documentNumber: 'FV 3/2026', counterparty: seller }))]
    const sale = {
      key: { ksefNumber: null, documentNumber: 'FV 3/2026', sellerTaxId: '', isIncome: true },
      items: [{ dataType: 'Income', data: income({ documentNumber: 'FV 3/2026' }) }],
    } as ImportedDocument
    given(held)
      .when({ type: 'ImportDocuments', documents: [sale] })
      .thenFails('DUPLICATE')
  })

  it('plans per document: a duplicate within the batch and an invalid item are refused, the rest are added', () => {
    const state = foldBooks([])
    const plan = planDocuments(state, [purchase('A'), purchase('A'), purchase('B', { amount: '-1.00' }), purchase('C')])
    expect(plan.outcomes.map((o) => (o.ok ? o.ids : o.code))).toEqual([[1, 2], 'DUPLICATE', 'VALIDATION', [3, 4]])
    const invalid = plan.outcomes[2]
    expect(!invalid!.ok && invalid!.errors).toEqual([
      { field: 'items.0.amount', code: 'INVALID_MONEY', message: 'Amount must not be negative' },
    ])
    expect(plan.events.length).toBe(4)
    // The decision refuses the whole command when the plan refuses any document, and writes nothing.
    given([])
      .when({ type: 'ImportDocuments', documents: [purchase('A'), purchase('B', { amount: '-1.00' })] })
      .thenFails('VALIDATION', { 'documents.1.items.0.amount': 'Amount must not be negative' })
  })
})
