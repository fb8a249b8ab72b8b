import { describe, expect, it } from 'vitest'
import { foldBooks } from './deciders/books.ts'
import { UnknownEventError } from './errors.ts'
import { CURRENT_VERSIONS, decodeLedgerEvent, serializeEvent, upcast } from './events.ts'

const v1Item = {
  id: 4,
  dataType: 'RecurringExpense',
  data: { date: '2025-01-31', name: 'Rent', amount: 1500.5, isCompany: true, percent: 23, repetitions: 3 },
}

describe('upcasting', () => {
  it('lifts ItemAdded v1 (numeric money, no invoiceDate) to v2', () => {
    expect(upcast('ItemAdded', 1, v1Item)).toEqual({
      type: 'ItemAdded',
      data: {
        id: 4,
        dataType: 'RecurringExpense',
        data: {
          date: '2025-01-31',
          name: 'Rent',
          amount: '1500.50',
          isCompany: true,
          percent: '23',
          repetitions: 3,
          invoiceDate: null,
        },
      },
    })
    expect(decodeLedgerEvent('ItemUpdated', 1, v1Item).type).toBe('ItemUpdated')
  })

  it('an upcast v1 stream folds to the same books as the v2 stream', () => {
    const v2 = { ...v1Item, data: { ...v1Item.data, amount: '1500.50', percent: '23', invoiceDate: null } }
    const a = foldBooks([upcast('ItemAdded', 1, v1Item)])
    const b = foldBooks([upcast('ItemAdded', 2, v2)])
    expect(a.records.get(4)?.data).toEqual(b.records.get(4)?.data)
  })

  it('refuses v1 money with more than two decimals', () =>
    expect(() => upcast('ItemAdded', 1, { ...v1Item, data: { ...v1Item.data, amount: 0.001 } })).toThrow(TypeError))

  it('throws UnknownEventError for unknown types and future versions', () => {
    expect(() => upcast('Nope', 1, {})).toThrow(UnknownEventError)
    expect(() => upcast('ItemAdded', 3, {})).toThrow(UnknownEventError)
  })

  it('serialises with the current version, and decoding validates', () => {
    const e = upcast('MonthReset', 1, { month: '2026-01' })
    expect(serializeEvent(e)).toEqual({
      type: 'MonthReset',
      schemaVersion: CURRENT_VERSIONS.MonthReset,
      data: { month: '2026-01' },
    })
    expect(() => decodeLedgerEvent('MonthReset', 1, { month: 5 })).toThrow()
  })
})
