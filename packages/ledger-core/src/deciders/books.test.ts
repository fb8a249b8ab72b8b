import { describe, expect, it } from 'vitest'
import { type LedgerEvent, PRIMARY_V2_DEFAULTS } from '../events.ts'
import { income, itemAdded, recurring, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { booksFolder, decide, evolve, foldBooks, initialBooks } from './books.ts'

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
      .thenFails('VALIDATION', { vatRegistrationDate: 'VAT registration date must be a date in format yyyy-mm-dd' })
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

describe('months and transactions', () => {
  const books = () =>
    runCommands([
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-02-10' }) },
    ])

  it('records the month rows with ids from the counter, once', () => {
    const { events } = books()
    const r = given(events).when({ type: 'GenerateMonth', month: '2026-02', today: '2026-02-01' })
    const after = r.thenEmits(r.result as LedgerEvent[])
    const gen = (r.result as LedgerEvent[])[0]!
    expect(gen.type).toBe('MonthGenerated')
    if (gen.type !== 'MonthGenerated') return
    // February: the revenue row (id 3) and January's ZUS (id 4).
    expect(gen.data.rows.map((row) => [row.id, row.eventType])).toEqual([
      [3, '1_Revenue'],
      [4, '5_SocialSecurity'],
    ])
    expect(after.nextId).toBe(5)
    given([...events, gen])
      .when({ type: 'GenerateMonth', month: '2026-02', today: '2026-02-02' })
      .thenNothing()
  })

  it('validates the month and the day, and refuses months a century away', () => {
    given([]).when({ type: 'GenerateMonth', month: '2026-13', today: 'x' }).thenFails('VALIDATION')
    given([])
      .when({ type: 'GenerateMonth', month: '9999-12', today: '2026-01-01' })
      .thenFails('VALIDATION', { month: 'Month is too far from today' })
  })

  const generated = () => {
    const { events } = runCommands([{ type: 'GenerateMonth', month: '2026-02', today: '2026-02-01' }], books().events)
    return events
  }

  it('sets flags only when they change', () => {
    const ev = generated()
    given(ev)
      .when({ type: 'SetTransactionFlags', id: 3, completed: true, notification: false })
      .thenEmits([{ type: 'TransactionCompletedSet', data: { id: 3, completed: true } }])
    given(ev).when({ type: 'SetTransactionFlags', id: 3, completed: false }).thenNothing()
    given(ev)
      .when({ type: 'SetTransactionFlags', id: 4, notification: true })
      .thenEmits([{ type: 'TransactionNotificationSet', data: { id: 4, notification: true } }])
    given(ev).when({ type: 'SetTransactionFlags', id: 99, completed: true }).thenFails('NOT_FOUND')
  })

  it('records a reminder once and accepts from e-mail only what is not completed', () => {
    const ev = generated()
    given(ev)
      .when({ type: 'RecordReminderSent', id: 4 })
      .thenEmits([{ type: 'ReminderSent', data: { id: 4 } }])
    given([...ev, { type: 'ReminderSent', data: { id: 4 } }])
      .when({ type: 'RecordReminderSent', id: 4 })
      .thenNothing()
    const after = given(ev)
      .when({ type: 'AcceptFromEmail', id: 4 })
      .thenEmits([{ type: 'TransactionAcceptedFromEmail', data: { id: 4 } }])
    expect(after.transactions.get(4)?.completed).toBe(true)
    given([...ev, { type: 'TransactionAcceptedFromEmail', data: { id: 4 } }])
      .when({ type: 'AcceptFromEmail', id: 4 })
      .thenNothing()
    given(ev).when({ type: 'AcceptFromEmail', id: 42 }).thenFails('NOT_FOUND')
    given(ev).when({ type: 'RecordReminderSent', id: 42 }).thenFails('NOT_FOUND')
  })

  it('adds and deletes manual transactions', () => {
    const data = { date: '2026-02-03', name: 'Cash', amount: '50', eventType: '2_Fee', isCompany: false, percent: '0' }
    const after = given([])
      .when({ type: 'AddManualTransaction', data })
      .thenEmits([
        {
          type: 'ManualTransactionAdded',
          data: { id: 1, data: { ...data, amount: '50.00', eventType: '2_Fee' } as never },
        },
      ])
    expect(after.transactions.get(1)?.month).toBe('2026-02')
    given([])
      .when({ type: 'AddManualTransaction', data: { name: '' } })
      .thenFails('VALIDATION')
    const ev = runCommands([{ type: 'AddManualTransaction', data }]).events
    given(ev)
      .when({ type: 'DeleteTransaction', id: 1 })
      .thenEmits([{ type: 'TransactionDeleted', data: { id: 1 } }])
    given([...ev, { type: 'TransactionDeleted', data: { id: 1 } }])
      .when({ type: 'DeleteTransaction', id: 1 })
      .thenFails('ALREADY_DELETED')
    given([...ev, { type: 'TransactionDeleted', data: { id: 1 } }])
      .when({ type: 'SetTransactionFlags', id: 1, completed: true })
      .thenFails('ALREADY_DELETED')
    given(ev).when({ type: 'DeleteTransaction', id: 5 }).thenFails('NOT_FOUND')
  })

  it('resets a generated month or year, and does nothing otherwise', () => {
    const ev = generated()
    const after = given(ev)
      .when({ type: 'ResetMonth', month: '2026-02' })
      .thenEmits([{ type: 'MonthReset', data: { month: '2026-02' } }])
    expect(after.months.has('2026-02')).toBe(false)
    expect(after.transactions.has(3)).toBe(false)
    given(ev).when({ type: 'ResetMonth', month: '2026-03' }).thenNothing()
    given(ev).when({ type: 'ResetMonth', month: 'bad' }).thenFails('VALIDATION')
    const afterYear = given(ev)
      .when({ type: 'ResetYear', year: 2026 })
      .thenEmits([{ type: 'YearReset', data: { year: 2026 } }])
    expect(afterYear.months.size).toBe(0)
    given(ev).when({ type: 'ResetYear', year: 2025 }).thenNothing()
    given(ev).when({ type: 'ResetYear', year: 0 }).thenFails('VALIDATION')
  })
})

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
    const gen: LedgerEvent = {
      type: 'MonthGenerated',
      data: {
        month: '2026-01',
        generatedOn: '2026-01-01',
        rows: [{ id: 2, date: '2026-01-10', eventType: '1_Revenue', dataType: 'Income', dataObject: {} as never }],
      },
    }
    const f = booksFolder()
    f.push(itemAdded(1))
    f.push(gen)
    f.push({ type: 'TransactionCompletedSet', data: { id: 2, completed: true } })
    const s1 = f.state()
    f.push({ type: 'TransactionCompletedSet', data: { id: 2, completed: false } })
    f.push({
      type: 'ItemUpdated',
      data: { id: 1, dataType: 'Income', data: income({ amount: '5.00' }) },
    } as LedgerEvent)
    f.push({ type: 'ItemDeleted', data: { id: 1, dataType: 'Income' } })
    expect(s1.transactions.get(2)?.completed).toBe(true)
    expect(s1.records.get(1)?.deleted).toBe(false)
    expect(f.state().transactions.get(2)?.completed).toBe(false)
    expect(f.state().records.get(1)).toMatchObject({ deleted: true, verb: 'delete' })
    const s2 = foldBooks([{ type: 'TransactionDeleted', data: { id: 2 } }], s1)
    expect(s1.transactions.get(2)?.deleted).toBe(false)
    expect(s2.transactions.get(2)?.deleted).toBe(true)
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
