/**
 * Every text a command writes prints as it reads (schemas/bounds.ts): no control characters, bidirectional overrides
 * or lone surrogates, also in the texts kept outside the records (an asset, a bank rule, a refund's set-off).
 */
import { describe, expect, it } from 'vitest'
import { given } from '../testing/given.ts'

const asset = (over: Record<string, unknown>) => ({
  type: 'EnterAsset' as const,
  data: {
    name: 'Laptop',
    acquisitionDate: '2026-01-12',
    kst: '491',
    initialValue: '8000.00',
    method: 'linear',
    period: 'month',
    ...over,
  },
})

const rule = (over: Record<string, unknown>, expense: Record<string, unknown> = {}) => ({
  type: 'SaveBankRule' as const,
  data: {
    name: 'Orlen',
    field: 'title',
    op: 'contains',
    pattern: 'orlen',
    expense: { name: 'Paliwo', percent: '23', isCompany: true, kpirColumn: 'sideCosts', ...expense },
    ...over,
  },
})

describe('texts outside the records', () => {
  it("refuse an asset's name or document with a control character or a lone surrogate", () => {
    given([])
      .when(asset({ name: 'L\u0000' }))
      .thenFails('VALIDATION', { name: 'Name must not contain control characters' })
    given([])
      .when(asset({ document: 'D\ud800' }))
      .thenFails('VALIDATION', { document: 'Document number must not contain control characters' })
    expect(given([]).when(asset({})).result).toHaveLength(1)
  })

  it("refuse a bank rule's name, pattern or expense name with one", () => {
    given([])
      .when(rule({ name: 'a\u0000b', pattern: 'x\u202e' }, { name: 'c\ud800' }))
      .thenFails('VALIDATION', {
        name: 'Name must not contain control characters',
        pattern: 'Pattern must not contain control characters',
        'expense.name': 'Name must not contain control characters',
      })
  })

  it("refuse a refund's set-off whose liability has one", () => {
    // The decider checks the request on its own (the period it rides in is the views' business).
    given([])
      .when({
        type: 'SetVatRefund',
        month: '2026-01',
        refund: { amount: '100', term: 'days60', offset: { amount: '10', liability: 'a\u0000b' } },
      })
      .thenFails('VALIDATION', { 'offset.liability': 'Name the future tax liability in at most 240 characters' })
  })
})
