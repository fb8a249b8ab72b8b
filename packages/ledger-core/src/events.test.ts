import { describe, expect, it } from 'vitest'
import { foldBooks } from './deciders/books.ts'
import { UnknownEventError } from './errors.ts'
import { decodeLedgerEvent, serializeEvent } from './eventCodec.ts'
import {
  CURRENT_VERSIONS,
  ITEM_DEFAULTS,
  ITEM_V3_DEFAULTS,
  ITEM_V4_DEFAULTS,
  PRIMARY_V2_DEFAULTS,
  upcast,
} from './upcast.ts'

const v1Item = {
  id: 4,
  dataType: 'RecurringExpense',
  data: { date: '2025-01-31', name: 'Rent', amount: 1500.5, isCompany: true, percent: 23, repetitions: 3 },
}

describe('upcasting', () => {
  it('lifts ItemAdded v1 (numeric money, no invoiceDate) to the current version', () => {
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
          ...ITEM_DEFAULTS,
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

  it('lifts ItemAdded v2 to the current version with every field v3 and v4 added "not given", and decoding accepts it', () => {
    const v2 = { ...v1Item, data: { ...v1Item.data, amount: '1500.50', percent: '23', invoiceDate: null } }
    const e = upcast('ItemAdded', 2, v2)
    expect(e.data).toEqual({ ...v2, data: { ...v2.data, ...ITEM_V3_DEFAULTS, ...ITEM_V4_DEFAULTS } })
    expect(decodeLedgerEvent('ItemAdded', 2, v2)).toEqual(e)
  })

  it('lifts ItemUpdated v3 to v4: documentVat and corrects "not given", the rest unchanged', () => {
    const v3 = {
      ...v1Item,
      data: { ...v1Item.data, amount: '1500.50', percent: '23', invoiceDate: null, ...ITEM_V3_DEFAULTS },
    }
    const e = upcast('ItemUpdated', 3, v3)
    expect(e).toEqual({ type: 'ItemUpdated', data: { ...v3, data: { ...v3.data, documentVat: null, corrects: null } } })
    expect(decodeLedgerEvent('ItemUpdated', 3, v3)).toEqual(e)
    expect(upcast('ItemUpdated', 4, e.data)).toEqual(e)
  })

  it('lifts CompanyRecordSaved v1 Primary data with its new fields not given, other records unchanged', () => {
    const primary = {
      id: 1,
      dataType: 'Primary',
      data: { companyName: 'A', nip: '1', ownerName: '', ownerLastName: '', regon: '' },
    }
    expect(upcast('CompanyRecordSaved', 1, primary).data).toEqual({
      ...primary,
      data: { ...primary.data, ...PRIMARY_V2_DEFAULTS },
    })
    const contact = { id: 2, dataType: 'Contact', data: { email: '', phoneNumber: '', website: '', other: '' } }
    expect(upcast('CompanyRecordSaved', 1, contact).data).toEqual(contact)
    expect(decodeLedgerEvent('CompanyRecordSaved', 1, primary).type).toBe('CompanyRecordSaved')
  })

  it('refuses v1 money with more than two decimals', () =>
    expect(() => upcast('ItemAdded', 1, { ...v1Item, data: { ...v1Item.data, amount: 0.001 } })).toThrow(TypeError))

  it('throws UnknownEventError for unknown types and future versions', () => {
    expect(() => upcast('Nope', 1, {})).toThrow(UnknownEventError)
    expect(() => upcast('ItemAdded', CURRENT_VERSIONS.ItemAdded + 1, {})).toThrow(UnknownEventError)
  })

  it('lifts the v1 transaction flag events (integer ids) to v2 (ids as digits, amount unknown)', () => {
    expect(upcast('TransactionCompletedSet', 1, { id: 12, completed: true })).toEqual({
      type: 'TransactionCompletedSet',
      data: { id: '12', completed: true, amount: null },
    })
    expect(upcast('TransactionNotificationSet', 1, { id: 12, notification: false }).data).toEqual({
      id: '12',
      notification: false,
    })
    expect(upcast('ReminderSent', 1, { id: 7 }).data).toEqual({ id: '7', amount: null })
    expect(upcast('TransactionAcceptedFromEmail', 1, { id: 7 }).data).toEqual({ id: '7', amount: null })
    expect(upcast('TransactionDeleted', 1, { id: 7 }).data).toEqual({ id: '7' })
    expect(decodeLedgerEvent('TransactionCompletedSet', 1, { id: 12, completed: true }).type).toBe(
      'TransactionCompletedSet',
    )
    expect(() =>
      decodeLedgerEvent('TransactionCompletedSet', 2, { id: 'x y', completed: true, amount: null }),
    ).toThrow()
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

describe('decided events satisfy their schemas', () => {
  it('every event of a full session decodes with decodeLedgerEvent', async () => {
    const { runCommands } = await import('./testing/given.ts')
    const { income, pitSetting, recurring, ssSetting, vatSetting } = await import('./testing/fixtures.ts')
    const { events } = runCommands([
      { type: 'SaveCompanyRecord', dataType: 'Primary', data: { companyName: 'A', nip: '1' } },
      { type: 'SaveCompanyRecord', dataType: 'Addresses', data: {} },
      {
        type: 'SaveCompanyRecord',
        dataType: 'Invoice',
        data: { companyName: 'A', nip: '1', invoiceAddress: { city: 'Łódź' } },
      },
      { type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'a@b.pl' } },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
      { type: 'AddSetting', kind: 'Pit', data: pitSetting() },
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'RecurringIncome', data: recurring({ date: '2026-01-10', amount: '9000' }) },
      { type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-02-10', invoiceDate: '2026-01-28' }) },
      { type: 'SetTransactionFlags', id: 'i8-2026-03', completed: true, notification: true },
      { type: 'AddManualTransaction', data: { date: '2026-03-02', name: 'x', amount: '1' } },
      { type: 'DeleteTransaction', id: 10 },
      { type: 'DeleteTransaction', id: 'i9-2026-02' },
      { type: 'RecordReminderSent', id: 'zus-2026-02' },
      { type: 'AcceptFromEmail', id: 'vat-2026-02' },
      { type: 'ResetMonth', month: '2026-03' },
      { type: 'SetTransactionFlags', id: 'pit-2026-02', notification: true },
      { type: 'ResetYear', year: 2026 },
      { type: 'UpdateItem', dataType: 'Expense', id: 9, data: income({ date: '2026-02-11' }) },
      { type: 'UpdateSetting', kind: 'Vat', id: 5, data: vatSetting({ percent: '8' }) },
      { type: 'DeleteItem', id: 9 },
      { type: 'DeleteSetting', id: 5 },
      { type: 'DeleteCompanyRecord', id: 1 },
    ])
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(15)
    const invoice = events.find((e) => e.type === 'CompanyRecordSaved' && e.data.dataType === 'Invoice')!
    expect(JSON.stringify(decodeLedgerEvent('CompanyRecordSaved', 1, invoice.data))).toContain('Łódź')
    for (const e of events) {
      const s = JSON.parse(JSON.stringify(serializeEvent(e)))
      expect(decodeLedgerEvent(s.type, s.schemaVersion, s.data)).toEqual(e)
    }
  })
})
