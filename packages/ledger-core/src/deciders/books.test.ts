import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { PRIMARY_V2_DEFAULTS } from '../upcast.ts'
import { income, itemAdded, recurring, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { upcast } from '../upcast.ts'
import { monthTransactions, transactionById } from '../projections/month.ts'
import { type CommandInput, given, runCommands } from '../testing/given.ts'
import { type BooksState, booksFolder, evolve, foldBooks, initialBooks, monthRequestErrors } from './books.ts'
import { decide } from '../decide.ts'

const primary = {
  companyName: 'ACME',
  nip: '5260250274',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  regon: '',
  ...PRIMARY_V2_DEFAULTS,
}
const primarySaved = (id = 1, data: Record<string, unknown> = primary): LedgerEvent =>
  ({ type: 'CompanyRecordSaved', data: { id, dataType: 'Primary', data } }) as LedgerEvent

describe('record versions', () => {
  it('count every change of a record from 1', () => {
    const state = foldBooks([
      primarySaved(),
      primarySaved(1, { ...primary, ownerName: 'Anna' }),
      { type: 'CompanyRecordDeleted', data: { id: 1, dataType: 'Primary' } },
    ])
    expect(state.records.get(1)?.version).toBe(3)
    expect(evolve(initialBooks, primarySaved()).records.get(1)?.version).toBe(1)
  })

  it('a write naming another version than the record’s is STALE_VERSION, whatever else is wrong with it', () => {
    const edited = [primarySaved(), primarySaved(1, { ...primary, ownerName: 'Anna' })]
    given(edited)
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', id: 1, expectedVersion: 1, data: { companyName: '' } })
      .thenFails('STALE_VERSION')
    given(edited).when({ type: 'DeleteCompanyRecord', id: 1, expectedVersion: 1 }).thenFails('STALE_VERSION')
    given(edited)
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', id: 1, expectedVersion: 2, data: primary })
      .thenEmits([primarySaved()])
    // Version 0: "no record yet"; a record of the type exists.
    given(edited)
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', expectedVersion: 0, data: primary })
      .thenFails('STALE_VERSION')
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', expectedVersion: 0, data: primary })
      .thenEmits([primarySaved()])
    const vat = [{ type: 'SettingAdded', data: { id: 1, kind: 'Vat', data: vatSetting() } } as LedgerEvent]
    given(vat)
      .when({ type: 'UpdateSetting', kind: 'Vat', id: 1, expectedVersion: 2, data: vatSetting() })
      .thenFails('STALE_VERSION')
    given(vat).when({ type: 'DeleteSetting', id: 1, expectedVersion: 7 }).thenFails('STALE_VERSION')
    given([itemAdded(1, income())])
      .when({ type: 'UpdateItem', dataType: 'Income', id: 1, expectedVersion: 0, data: income() })
      .thenFails('STALE_VERSION')
    given([itemAdded(1, income())])
      .when({ type: 'DeleteItem', id: 1, expectedVersion: 2 })
      .thenFails('STALE_VERSION')
  })
})

describe('company records', () => {
  it('saves a new record with the next id and normalised fields', () =>
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', data: { ...primary, companyName: ' ACME ' } })
      .thenEmits([primarySaved()]))

  it('updates the existing record of the type when saved again without an id', () =>
    given([primarySaved()])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', data: { ...primary, ownerName: 'Anna' } })
      .thenEmits([primarySaved(1, { ...primary, ownerName: 'Anna' })]))

  it('rejects a save that changes nothing', () =>
    given([primarySaved()])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', id: 1, data: primary })
      .thenFails('NO_CHANGES'))

  it('Primary data: a tax office code of the official list, optional dates', () => {
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', data: { ...primary, taxOfficeCode: '14O1' } })
      .thenFails('VALIDATION', { taxOfficeCode: 'Tax office code is not on the official list of tax offices' })
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', data: { ...primary, taxOfficeCode: '9999' } })
      .thenFails('VALIDATION', { taxOfficeCode: 'Tax office code is not on the official list of tax offices' })
    given([])
      .when({
        type: 'SaveCompanyRecord',
        dataType: 'Primary',
        data: { ...primary, taxOfficeCode: '1471', birthDate: '1985-04-02', vatRegistrationDate: '2026-02-30' },
      })
      .thenFails('VALIDATION', { vatRegistrationDate: 'VAT registration date is not a real date' })
    given([])
      .when({
        type: 'SaveCompanyRecord',
        dataType: 'Primary',
        data: { ...primary, taxOfficeCode: '1471', businessStartDate: '2026-03-16' },
      })
      .thenEmits([primarySaved(1, { ...primary, taxOfficeCode: '1471', businessStartDate: '2026-03-16' })])
  })

  it('reports required fields with the SPEC messages', () =>
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Invoice', data: { companyName: '', nip: ' ' } })
      .thenFails('VALIDATION', { companyName: 'Company name is required', nip: 'Nip is required' }))

  it('rejects an unknown id and an id of another type', () => {
    given([primarySaved()])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', id: 9, data: primary })
      .thenFails('NOT_FOUND')
    given([primarySaved()])
      .when({ type: 'SaveCompanyRecord', dataType: 'Contact', id: 1, data: { email: 'a@b.pl' } })
      .thenFails('NOT_FOUND')
  })

  it('rejects an unknown data type', () =>
    given([])
      .when({ type: 'SaveCompanyRecord', dataType: 'Nope' as 'Primary', data: primary })
      .thenFails('UNKNOWN_DATA_TYPE'))

  it('deletes once, then reports it as already deleted', () => {
    const after = given([primarySaved()])
      .when({ type: 'DeleteCompanyRecord', id: 1 })
      .thenEmits([{ type: 'CompanyRecordDeleted', data: { id: 1, dataType: 'Primary' } }])
    expect(after.records.get(1)?.deleted).toBe(true)
    given([primarySaved(), { type: 'CompanyRecordDeleted', data: { id: 1, dataType: 'Primary' } }])
      .when({ type: 'DeleteCompanyRecord', id: 1 })
      .thenFails('ALREADY_DELETED')
  })

  it('cannot edit a deleted record by id', () =>
    given([primarySaved(), { type: 'CompanyRecordDeleted', data: { id: 1, dataType: 'Primary' } }])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', id: 1, data: { ...primary, ownerName: 'X' } })
      .thenFails('ALREADY_DELETED'))

  it('a new record after deletion gets a new id', () =>
    given([primarySaved(), { type: 'CompanyRecordDeleted', data: { id: 1, dataType: 'Primary' } }])
      .when({ type: 'SaveCompanyRecord', dataType: 'Primary', data: primary })
      .thenEmits([primarySaved(2)]))
})

describe('settings', () => {
  const vatAdded: LedgerEvent = {
    type: 'SettingAdded',
    data: { id: 1, kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } },
  }
  it('adds a setting, accepting numbers', () =>
    given([])
      .when({ type: 'AddSetting', kind: 'Vat', data: { date: '2026-01-01', percent: 23, paymentInterval: '1' } })
      .thenEmits([vatAdded]))

  it('reports VAT, PIT and social security required fields', () => {
    given([]).when({ type: 'AddSetting', kind: 'Vat', data: {} }).thenFails('VALIDATION', {
      date: 'Date is required',
      percent: 'Percent is required',
      paymentInterval: 'Payment interval is required',
    })
    given([]).when({ type: 'AddSetting', kind: 'Pit', data: {} }).thenFails('VALIDATION', {
      date: '(Date) is required',
      taxType: '(Tax type) is required',
      firstPercent: '(First percent) is required',
      paymentInterval: '(Payment interval) is required',
    })
    given([]).when({ type: 'AddSetting', kind: 'SocialSecurity', data: {} }).thenFails('VALIDATION', {
      date: 'Date is required',
      amount: 'Amount is requred',
      percent: 'Percent is required',
    })
  })

  it('updates with changes only, and only a setting of the same kind', () => {
    given([vatAdded])
      .when({ type: 'UpdateSetting', kind: 'Vat', id: 1, data: vatSetting({ percent: '8' }) })
      .thenEmits([
        {
          type: 'SettingUpdated',
          data: { id: 1, kind: 'Vat', data: { date: '2026-01-01', percent: '8', paymentInterval: 1 } },
        },
      ])
    given([vatAdded])
      .when({ type: 'UpdateSetting', kind: 'Vat', id: 1, data: vatSetting({ percent: '23.00' }) })
      .thenFails('NO_CHANGES')
    given([vatAdded]).when({ type: 'UpdateSetting', kind: 'Pit', id: 1, data: {} }).thenFails('NOT_FOUND')
    given([vatAdded])
      .when({ type: 'UpdateSetting', kind: 'Nope' as 'Vat', id: 1, data: {} })
      .thenFails('UNKNOWN_DATA_TYPE')
    given([])
      .when({ type: 'AddSetting', kind: 'Nope' as 'Vat', data: {} })
      .thenFails('UNKNOWN_DATA_TYPE')
  })

  it('deletes a setting once', () => {
    given([vatAdded])
      .when({ type: 'DeleteSetting', id: 1 })
      .thenEmits([{ type: 'SettingDeleted', data: { id: 1, kind: 'Vat' } }])
    given([vatAdded, { type: 'SettingDeleted', data: { id: 1, kind: 'Vat' } }])
      .when({ type: 'DeleteSetting', id: 1 })
      .thenFails('ALREADY_DELETED')
    given([vatAdded, { type: 'SettingDeleted', data: { id: 1, kind: 'Vat' } }])
      .when({ type: 'UpdateSetting', kind: 'Vat', id: 1, data: vatSetting({ percent: '5' }) })
      .thenFails('ALREADY_DELETED')
  })
})

describe('items', () => {
  it('adds an item with money as a two-decimal string', () =>
    given([])
      .when({
        type: 'AddItem',
        dataType: 'Income',
        data: income({ amount: 1000, percent: '23.00', paymentInterval: 1 }),
      })
      .thenEmits([itemAdded(1)]))

  it('requires repetitions on recurring items, as an integer of at least 1', () => {
    given([])
      .when({ type: 'AddItem', dataType: 'RecurringExpense', data: income() })
      .thenFails('VALIDATION', { repetitions: 'Repetitions is required' })
    given([])
      .when({ type: 'AddItem', dataType: 'RecurringExpense', data: recurring({ repetitions: 1.5 }) })
      .thenFails('VALIDATION', { repetitions: 'Repetitions must be a whole number from 1 to 1200' })
    const zero = given([])
      .when({ type: 'AddItem', dataType: 'RecurringExpense', data: recurring({ repetitions: 0 }) })
      .thenFails('VALIDATION')
    expect(zero.errors?.[0]?.code).toBe('INVALID_INTEGER')
  })

  it('rejects more than two decimals instead of rounding them away', () =>
    given([])
      .when({ type: 'AddItem', dataType: 'Expense', data: income({ amount: '10.005' }) })
      .thenFails('VALIDATION', { amount: 'Amount must be a number with at most 2 decimals' }))

  it('updates, refuses no-change updates and updates of deleted items', () => {
    given([itemAdded(1)])
      .when({ type: 'UpdateItem', dataType: 'Income', id: 1, data: income({ amount: '1200' }) })
      .thenEmits([
        {
          type: 'ItemUpdated',
          data: { id: 1, dataType: 'Income', data: income({ amount: '1200.00' }) },
        } as LedgerEvent,
      ])
    given([itemAdded(1)])
      .when({ type: 'UpdateItem', dataType: 'Income', id: 1, data: income({ amount: 1000 }) })
      .thenFails('NO_CHANGES')
    given([itemAdded(1)])
      .when({ type: 'UpdateItem', dataType: 'Expense', id: 1, data: income() })
      .thenFails('NOT_FOUND')
    given([itemAdded(1), { type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } }])
      .when({ type: 'UpdateItem', dataType: 'Income', id: 1, data: income({ amount: '5' }) })
      .thenFails('ALREADY_DELETED')
    given([])
      .when({ type: 'UpdateItem', dataType: 'Nope' as 'Income', id: 1, data: {} })
      .thenFails('UNKNOWN_DATA_TYPE')
    given([])
      .when({ type: 'AddItem', dataType: 'Nope' as 'Income', data: {} })
      .thenFails('UNKNOWN_DATA_TYPE')
  })

  it('deletes once', () => {
    given([itemAdded(1)])
      .when({ type: 'DeleteItem', id: 1 })
      .thenEmits([{ type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } }])
    given([itemAdded(1), { type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } }])
      .when({ type: 'DeleteItem', id: 1 })
      .thenFails('ALREADY_DELETED')
    given([]).when({ type: 'DeleteItem', id: 7 }).thenFails('NOT_FOUND')
  })
})

describe('transactions by identity', () => {
  /** ZUS from January, an income of 1 000 + 23 % on 10 February: February shows `i2-2026-02` and `zus-2026-01`. */
  const books = () =>
    runCommands([
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-02-10' }) },
    ])
  const zusSum = () => monthTransactions(books().state, '2026-02', '2026-02-01').find((t) => t.id === 'zus-2026-01')!
  const raise = (amount: string): CommandInput => ({
    type: 'UpdateItem',
    dataType: 'Income',
    id: 2,
    data: income({ date: '2026-02-10', amount }),
  })

  it('shows rows with identities derived from their origin, computed on every read', () => {
    const { state } = books()
    expect(monthTransactions(state, '2026-02', '2026-02-01').map((t) => [t.id, t.eventType])).toEqual([
      ['i2-2026-02', '1_Revenue'],
      ['zus-2026-01', '5_SocialSecurity'],
    ])
    const later = runCommands(
      [{ type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-02-20', name: 'Late' }) }],
      books().events,
    ).state
    expect(monthTransactions(later, '2026-02', '2026-02-01').map((t) => t.id)).toContain('i3-2026-02')
  })

  it('sets flags only when they change, completion with the amount shown', () => {
    const { events } = books()
    given(events)
      .when({ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true, notification: false })
      .thenEmits([{ type: 'TransactionCompletedSet', data: { id: 'i2-2026-02', completed: true, amount: '1230.00' } }])
    given(events).when({ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: false }).thenNothing()
    given(events)
      .when({ type: 'SetTransactionFlags', id: 'zus-2026-01', notification: true })
      .thenEmits([{ type: 'TransactionNotificationSet', data: { id: 'zus-2026-01', notification: true } }])
    for (const id of ['i99-2026-02', 'i2-2026-03', 'vat-2026-01', 'zus-2025-12', 'nope', 99])
      given(events).when({ type: 'SetTransactionFlags', id, completed: true }).thenFails('NOT_FOUND')
  })

  it('keeps a completed row completed when its amount changes, with what was paid and what remains', () => {
    const { events } = runCommands(
      [{ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true }, raise('1100.00')],
      books().events,
    )
    const state = foldBooks(events)
    const row = transactionById(state, 'i2-2026-02', '2026-02-01')!
    expect(row).toMatchObject({ completed: true, paidAmount: '1230.00', remainingAmount: '123.00' })
    expect(row.dataObject.sum).toBe('1353.00')
    // Completing it again records that the new amount is paid.
    const paid = given(events)
      .when({ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true })
      .thenEmits([{ type: 'TransactionCompletedSet', data: { id: 'i2-2026-02', completed: true, amount: '1353.00' } }])
    expect(transactionById(paid, 'i2-2026-02', '2026-02-01')).toMatchObject({ remainingAmount: '0.00' })
    // Un-completing forgets the paid amount.
    const open = runCommands([{ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: false }], events).state
    expect(transactionById(open, 'i2-2026-02', '2026-02-01')).toMatchObject({ paidAmount: null, remainingAmount: null })
  })

  it('records a reminder once per amount owed: the open amount, then a remainder', () => {
    const { events } = books()
    const amount = zusSum().dataObject.sum
    given(events)
      .when({ type: 'RecordReminderSent', id: 'zus-2026-01' })
      .thenEmits([{ type: 'ReminderSent', data: { id: 'zus-2026-01', amount } }])
    const reminded = runCommands([{ type: 'RecordReminderSent', id: 'zus-2026-01' }], events).events
    given(reminded).when({ type: 'RecordReminderSent', id: 'zus-2026-01' }).thenNothing()
    // Paid: nothing to remind; the amount grows: one reminder for the remainder.
    const paid = runCommands([{ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true }], reminded).events
    given(paid).when({ type: 'RecordReminderSent', id: 'i2-2026-02' }).thenNothing()
    const grown = runCommands([raise('1100.00')], paid).events
    const after = given(grown)
      .when({ type: 'RecordReminderSent', id: 'i2-2026-02' })
      .thenEmits([{ type: 'ReminderSent', data: { id: 'i2-2026-02', amount: '123.00' } }])
    expect(transactionById(after, 'i2-2026-02', '2026-02-01')?.notificationCompleted).toBe(true)
    given([...grown, { type: 'ReminderSent', data: { id: 'i2-2026-02', amount: '123.00' } }])
      .when({ type: 'RecordReminderSent', id: 'i2-2026-02' })
      .thenNothing()
  })

  it('accepts from e-mail what is still to pay', () => {
    const { events } = books()
    const amount = zusSum().dataObject.sum
    const after = given(events)
      .when({ type: 'AcceptFromEmail', id: 'zus-2026-01' })
      .thenEmits([{ type: 'TransactionAcceptedFromEmail', data: { id: 'zus-2026-01', amount } }])
    expect(transactionById(after, 'zus-2026-01', '2026-02-01')).toMatchObject({ completed: true, paidAmount: amount })
    given([...events, { type: 'TransactionAcceptedFromEmail', data: { id: 'zus-2026-01', amount } }])
      .when({ type: 'AcceptFromEmail', id: 'zus-2026-01' })
      .thenNothing()
    const grown = runCommands([{ type: 'AcceptFromEmail', id: 'i2-2026-02' }, raise('2000.00')], events).events
    given(grown)
      .when({ type: 'AcceptFromEmail', id: 'i2-2026-02' })
      .thenEmits([{ type: 'TransactionAcceptedFromEmail', data: { id: 'i2-2026-02', amount: '2460.00' } }])
    given(events).when({ type: 'AcceptFromEmail', id: 'i42-2026-02' }).thenFails('NOT_FOUND')
    given(events).when({ type: 'RecordReminderSent', id: 42 }).thenFails('NOT_FOUND')
  })

  it('adds and deletes manual transactions, by their own ids', () => {
    const data = { date: '2026-02-03', name: 'Cash', amount: '50', eventType: '2_Fee', isCompany: false, percent: '0' }
    const after = given([])
      .when({ type: 'AddManualTransaction', data })
      .thenEmits([
        {
          type: 'ManualTransactionAdded',
          data: { id: 1, data: { ...data, amount: '50.00', eventType: '2_Fee' } as never },
        },
      ])
    expect(after.manual.get(1)?.month).toBe('2026-02')
    expect(monthTransactions(after, '2026-02', '2026-02-01').map((t) => t.id)).toEqual(['1'])
    given([])
      .when({ type: 'AddManualTransaction', data: { name: '' } })
      .thenFails('VALIDATION')
    const ev = runCommands([{ type: 'AddManualTransaction', data }]).events
    given(ev)
      .when({ type: 'DeleteTransaction', id: 1 })
      .thenEmits([{ type: 'TransactionDeleted', data: { id: '1' } }])
    given([...ev, { type: 'TransactionDeleted', data: { id: '1' } }])
      .when({ type: 'DeleteTransaction', id: '1' })
      .thenFails('ALREADY_DELETED')
    given([...ev, { type: 'TransactionDeleted', data: { id: '1' } }])
      .when({ type: 'SetTransactionFlags', id: 1, completed: true })
      .thenFails('ALREADY_DELETED')
    given(ev).when({ type: 'DeleteTransaction', id: 5 }).thenFails('NOT_FOUND')
  })

  it('hides a generated row from its month; a Reset brings it back', () => {
    const { events } = books()
    const hidden = given(events)
      .when({ type: 'DeleteTransaction', id: 'i2-2026-02' })
      .thenEmits([{ type: 'TransactionDeleted', data: { id: 'i2-2026-02' } }])
    expect(monthTransactions(hidden, '2026-02', '2026-02-01').map((t) => t.id)).toEqual(['zus-2026-01'])
    expect(transactionById(hidden, 'i2-2026-02', '2026-02-01')).toBeNull()
    const ev = [...events, { type: 'TransactionDeleted', data: { id: 'i2-2026-02' } } as LedgerEvent]
    given(ev).when({ type: 'DeleteTransaction', id: 'i2-2026-02' }).thenFails('ALREADY_DELETED')
    given(ev).when({ type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true }).thenFails('ALREADY_DELETED')
    const back = runCommands([{ type: 'ResetMonth', month: '2026-02' }], ev).state
    expect(monthTransactions(back, '2026-02', '2026-02-01')).toHaveLength(2)
  })

  it('Reset clears the flags of the month or the year and nothing else', () => {
    const { events } = runCommands(
      [
        { type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true },
        { type: 'SetTransactionFlags', id: 'zus-2026-01', notification: true },
        { type: 'RecordReminderSent', id: 'zus-2026-01' },
        { type: 'SetTransactionFlags', id: 'zus-2026-02', completed: true },
      ],
      books().events,
    )
    const reset = given(events).when({ type: 'ResetMonth', month: '2026-02' })
    const after = reset.thenEmits([
      {
        type: 'TransactionFlagsCleared',
        data: { scope: 'month', period: '2026-02', ids: ['i2-2026-02', 'zus-2026-01'] },
      },
    ])
    expect(monthTransactions(after, '2026-02', '2026-02-01')).toEqual(
      monthTransactions(books().state, '2026-02', '2026-02-01'),
    )
    expect(after.records).toBe(reset.state.records)
    // March keeps its flag (February's ZUS, due in March).
    expect(transactionById(after, 'zus-2026-02', '2026-03-01')?.completed).toBe(true)
    given(events).when({ type: 'ResetMonth', month: '2026-04' }).thenNothing()
    given(events).when({ type: 'ResetMonth', month: 'bad' }).thenFails('VALIDATION')
    const year = given(events)
      .when({ type: 'ResetYear', year: 2026 })
      .thenEmits([
        {
          type: 'TransactionFlagsCleared',
          data: { scope: 'year', period: '2026', ids: ['i2-2026-02', 'zus-2026-01', 'zus-2026-02'] },
        },
      ])
    expect(year.flags.size).toBe(0)
    given(events).when({ type: 'ResetYear', year: 2025 }).thenNothing()
    given(events).when({ type: 'ResetYear', year: 0 }).thenFails('VALIDATION')
  })

  it('a flag outlives the row: an item deleted and restored by an update keeps its ticks', () => {
    const { events } = runCommands(
      [
        { type: 'SetTransactionFlags', id: 'i2-2026-02', completed: true },
        { type: 'DeleteItem', id: 2 },
      ],
      books().events,
    )
    const gone = foldBooks(events)
    expect(monthTransactions(gone, '2026-02', '2026-02-01').map((t) => t.id)).toEqual(['zus-2026-01'])
    expect(gone.flags.get('i2-2026-02')?.completed).toBe(true)
    // The month's Reset clears the flag of the deleted item's occurrence too.
    given(events)
      .when({ type: 'ResetMonth', month: '2026-02' })
      .thenEmits([
        { type: 'TransactionFlagsCleared', data: { scope: 'month', period: '2026-02', ids: ['i2-2026-02'] } },
      ])
  })

  it('checks the month a request asks for', () => {
    expect(monthRequestErrors('2026-02', '2026-02-01')).toEqual([])
    expect(monthRequestErrors('2026-13', 'x').map((e) => e.field)).toEqual(['month', 'today'])
    expect(monthRequestErrors('9999-12', '2026-01-01')).toEqual([
      { field: 'month', code: 'INVALID_DATE', message: 'Month is too far from today' },
    ])
  })
})

describe('histories of the frozen-month model', () => {
  /** February recorded with the revenue row as id 3 and January's ZUS as id 4, as the old API did on first view. */
  const recorded = (): LedgerEvent[] => {
    const { events, state } = runCommands([
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-02-10' }) },
    ])
    const rows = monthTransactions(state, '2026-02', '2026-02-01').map((t, i) => ({
      id: 3 + i,
      date: t.date,
      eventType: t.eventType,
      dataType: t.dataType,
      dataObject: t.dataObject,
    }))
    return [...events, { type: 'MonthGenerated', data: { month: '2026-02', generatedOn: '2026-02-01', rows } }]
  }
  const v1 = (type: string, data: Record<string, unknown>) => upcast(type, 1, data)

  it('maps every recorded id to its identity; old flag events land on it', () => {
    const state = foldBooks([
      ...recorded(),
      v1('TransactionCompletedSet', { id: 3, completed: true }),
      v1('TransactionNotificationSet', { id: 4, notification: true }),
      v1('ReminderSent', { id: 4 }),
    ])
    expect(state.legacyIds.get(3)).toEqual({ id: 'i2-2026-02', month: '2026-02', sum: '1230.00' })
    expect(state.legacyIds.get(4)?.id).toBe('zus-2026-01')
    expect(state.nextId).toBe(5)
    const rows = monthTransactions(state, '2026-02', '2026-02-01')
    expect(rows.map((t) => [t.id, t.completed, t.notification, t.notificationCompleted])).toEqual([
      ['i2-2026-02', true, false, false],
      ['zus-2026-01', false, true, true],
    ])
    // The amount paid is the amount the recorded row showed.
    expect(rows[0]).toMatchObject({ paidAmount: '1230.00', remainingAmount: '0.00' })
    // Old ids still name their rows.
    expect(transactionById(state, 3, '2026-02-01')?.id).toBe('i2-2026-02')
    expect(transactionById(state, '4', '2026-02-01')?.id).toBe('zus-2026-01')
  })

  it('commands by an old id act on the identity', () =>
    given([...recorded()])
      .when({ type: 'SetTransactionFlags', id: 4, completed: true })
      .thenEmits([
        {
          type: 'TransactionCompletedSet',
          data: { id: 'zus-2026-01', completed: true, amount: zusOf(foldBooks(recorded())) },
        },
      ]))

  it('an old reset drops the flags of the recorded rows; a regeneration maps its new ids to the same identities', () => {
    const state = foldBooks([
      ...recorded(),
      v1('TransactionCompletedSet', { id: 3, completed: true }),
      v1('TransactionDeleted', { id: 4 }),
      { type: 'MonthReset', data: { month: '2026-02' } },
    ])
    expect(state.flags.size).toBe(0)
    expect(state.legacyMonths.size).toBe(0)
    expect(monthTransactions(state, '2026-02', '2026-02-01')).toHaveLength(2)
    const year = foldBooks([...recorded(), v1('TransactionCompletedSet', { id: 3, completed: true })])
    expect(foldBooks([{ type: 'YearReset', data: { year: 2026 } }], year).flags.size).toBe(0)
    expect(foldBooks([{ type: 'YearReset', data: { year: 2025 } }], year).flags.size).toBe(1)
  })

  it('old manual rows keep their ids; old deletes and completions apply to them', () => {
    const data = {
      date: '2026-02-03',
      name: 'Cash',
      amount: '50.00',
      eventType: '2_Fee',
      isCompany: false,
      percent: '0',
    }
    const state = foldBooks([
      { type: 'ManualTransactionAdded', data: { id: 1, data } } as LedgerEvent,
      { type: 'ManualTransactionAdded', data: { id: 2, data } } as LedgerEvent,
      v1('TransactionCompletedSet', { id: 1, completed: true }),
      v1('TransactionDeleted', { id: 2 }),
    ])
    expect(monthTransactions(state, '2026-02', '2026-02-01').map((t) => [t.id, t.completed, t.paidAmount])).toEqual([
      ['1', true, '50.00'],
    ])
  })
})

const zusOf = (state: BooksState) =>
  monthTransactions(state, '2026-02', '2026-02-01').find((t) => t.id === 'zus-2026-01')!.dataObject.sum

describe('fold', () => {
  it('evolve equals a fold of one event and never changes its input', () => {
    const e = itemAdded(1)
    const a = evolve(initialBooks, e)
    const b = foldBooks([e])
    expect(a.records.get(1)).toEqual(b.records.get(1))
    expect(initialBooks.records.size).toBe(0)
    expect(a.nextId).toBe(2)
  })

  it('a folder exposes states that later events do not change', () => {
    const f = booksFolder()
    f.push(itemAdded(1))
    const s1 = f.state()
    f.push(itemAdded(2, income({ name: 'Two' })))
    expect(s1.records.size).toBe(1)
    expect(f.state().records.size).toBe(2)
  })

  it('decide is deterministic', () => {
    const s = foldBooks([itemAdded(1)])
    const c = { type: 'AddItem', dataType: 'Expense', data: income(), at: 'x', userId: 'u' } as const
    expect(decide(c, s)).toEqual(decide(c, s))
  })
})

describe('fold isolation', () => {
  it('updates after a state was exposed never change that state', () => {
    const f = booksFolder()
    f.push(itemAdded(1))
    f.push({ type: 'TransactionCompletedSet', data: { id: 'i1-2026-01', completed: true, amount: '1230.00' } })
    const s1 = f.state()
    f.push({ type: 'TransactionCompletedSet', data: { id: 'i1-2026-01', completed: false, amount: null } })
    f.push({
      type: 'ItemUpdated',
      data: { id: 1, dataType: 'Income', data: income({ amount: '5.00' }) },
    } as LedgerEvent)
    f.push({ type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } })
    expect(s1.flags.get('i1-2026-01')?.completed).toBe(true)
    expect(s1.records.get(1)?.deleted).toBe(false)
    expect(f.state().flags.has('i1-2026-01')).toBe(false)
    expect(f.state().records.get(1)).toMatchObject({ deleted: true, verb: 'delete' })
    const s2 = foldBooks([{ type: 'TransactionDeleted', data: { id: 'i1-2026-01' } }], s1)
    expect(s1.flags.get('i1-2026-01')?.hidden).toBe(false)
    expect(s2.flags.get('i1-2026-01')?.hidden).toBe(true)
  })

  it('an event that changes no record keeps the records map (derivations stay cached)', () => {
    const s1 = foldBooks([itemAdded(1)])
    const s2 = foldBooks([{ type: 'TransactionNotificationSet', data: { id: 'i1-2026-01', notification: true } }], s1)
    expect(s2.records).toBe(s1.records)
    expect(s2.flags).not.toBe(s1.flags)
    expect(s2.manual).toBe(s1.manual)
  })

  it('within one fold, repeated updates of a record end in the last one', () => {
    const s = foldBooks([
      itemAdded(1),
      { type: 'ItemUpdated', data: { id: 1, dataType: 'Income', data: income({ amount: '2.00' }) } } as LedgerEvent,
      { type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } },
      { type: 'ItemUpdated', data: { id: 1, dataType: 'Income', data: income({ amount: '3.00' }) } } as LedgerEvent,
    ])
    expect(s.records.get(1)).toMatchObject({ deleted: false, verb: 'add', data: { amount: '3.00' } })
  })
})
