import { describe, expect, it } from 'vitest'
import { foldBooks, initialBooks } from '../deciders/books.ts'
import { decide } from '../decide.ts'
import { income, pitSetting, recurring, ssSetting, vatSetting } from '../testing/fixtures.ts'
import { cmd, runCommands } from '../testing/given.ts'
import { costSummary, shortSocialSecurity } from './costs.ts'
import { derive, taxesThrough } from './derived.ts'
import { generatedRows, monthTransactions, transactionById, transactionsBetween, transactionsByType } from './month.ts'
import { obligations } from './obligations.ts'
import { companyRecord, currentSetting, itemsBetween, listRecords, recordById } from './records.ts'
import { summaryList, yearSummary } from './summary.ts'

/** Linear 19 %, monthly VAT 23 %, ZUS 1 926.76 + 4.9 % health; 10 000 net monthly revenue, one laptop in January. */
const books = () =>
  runCommands([
    { type: 'AddSetting', kind: 'Vat', data: vatSetting() }, // 1
    { type: 'AddSetting', kind: 'Pit', data: pitSetting() }, // 2
    { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() }, // 3
    {
      type: 'AddItem',
      dataType: 'RecurringIncome',
      data: recurring({ date: '2026-01-10', name: 'Invoice', amount: '10000', repetitions: 12 }),
    }, // 4
    { type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-01-15', name: 'Laptop', amount: '5000' }) }, // 5
    {
      type: 'AddItem',
      dataType: 'Expense',
      data: income({ date: '2026-02-03', name: 'Groceries', amount: '300', isCompany: false, percent: '0' }),
    }, // 6
    {
      type: 'AddItem',
      dataType: 'Income',
      data: income({ date: '2026-02-04', name: 'Gift', amount: '200', isCompany: false, percent: '0' }),
    }, // 7
  ])

describe('records', () => {
  it('lists settings newest first and items with vatAmount and sum', () => {
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-07-01', percent: '8' }) },
      { type: 'AddItem', dataType: 'Expense', data: income({ amount: '10.01', percent: '23' }) },
    ])
    expect(listRecords(state, 'Vat').map((r) => r.dataObject.date)).toEqual(['2026-07-01', '2026-01-01'])
    expect(listRecords(state, 'Expense')[0]).toEqual({
      id: 3,
      dataType: 'Expense',
      eventType: 'Fixed expense add',
      version: 1,
      dataObject: { ...income({ amount: '10.01' }), vatAmount: '2.30', sum: '12.31' },
    })
    expect(currentSetting(state, 'Vat', '2026-06-30')?.id).toBe(1)
    expect(currentSetting(state, 'Vat', '2026-07-01')?.id).toBe(2)
    expect(currentSetting(state, 'Vat', '2025-12-31')).toBeNull()
    expect(recordById(state, 3)?.dataType).toBe('Expense')
    expect(recordById(state, 99)).toBeNull()
  })

  it('a later setting of the same date wins', () => {
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ percent: '5' }) },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ percent: '8' }) },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ percent: '23', date: '2025-01-01' }) },
    ])
    expect(currentSetting(state, 'Vat', '2026-02-01')?.dataObject.percent).toBe('8')
  })

  it('company records: one per type, gone after deletion, labelled per SPEC', () => {
    const { state, events } = runCommands([
      { type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'a@b.pl' } },
      { type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'c@b.pl' } },
    ])
    expect(companyRecord(state, 'Contact')).toMatchObject({
      id: 1,
      eventType: 'Company contact',
      dataObject: { email: 'c@b.pl' },
    })
    expect(listRecords(state, 'Contact').length).toBe(1)
    const after = runCommands([{ type: 'DeleteCompanyRecord', id: 1 }], events).state
    expect(companyRecord(after, 'Contact')).toBeNull()
    expect(recordById(after, 1)).toBeNull()
  })

  it('items between dates, optionally of some types', () => {
    const { state } = books()
    expect(itemsBetween(state, '2026-01-01', '2026-01-31').map((r) => r.id)).toEqual([4, 5])
    expect(itemsBetween(state, '2026-01-01', '2026-12-31', ['Income']).map((r) => r.id)).toEqual([7])
  })
})

describe('monthTransactions', () => {
  it('January: item rows on their cash dates; no tax due yet (nothing before January)', () => {
    const { state } = books()
    const rows = monthTransactions(state, '2026-01', '2026-01-20')
    expect(rows.map((r) => [r.id, r.eventType, r.dataObject.name, r.dataObject.sum])).toEqual([
      ['i4-2026-01', '1_Revenue', 'Invoice', '12300.00'],
      ['i5-2026-01', '2_Fee', 'Laptop', '6150.00'],
    ])
  })

  it('February: revenue, fees (company and private), and January taxes labelled with their period', () => {
    const { state } = books()
    const rows = monthTransactions(state, '2026-02', '2026-02-21')
    expect(
      rows.map((r) => [r.eventType, r.dataObject.displayName, r.dataObject.amount, r.date, r.dataObject.overdue]),
    ).toEqual(
      [
        ['1_Revenue', 'Invoice', '10000.00', '2026-02-10', false],
        ['1_Revenue', 'Gift', '200.00', '2026-02-04', false],
        ['2_Fee', 'Groceries', '300.00', '2026-02-03', false],
        // VAT January: output 2 300 − input 1 150 = 1 150, due 25 Feb.
        ['3_Vat', 'VAT 2026-01', '1150.00', '2026-02-25', false],
        // PIT January (Linear 19 %): 10 000 − 5 000 − 1 926.76 − health 314.96 = 2 758.28 → 2 758; 19 % = 524.02 → 524.
        ['4_Pit', 'PIT 2026-01', '524.00', '2026-02-20', true],
        // ZUS January: 1 926.76 + the health minimum 314.96 (no previous month).
        ['5_SocialSecurity', 'ZUS 2026-01', '2241.72', '2026-02-20', true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[3]).localeCompare(String(b[3]))),
    )
    const vat = rows.find((r) => r.eventType === '3_Vat')!
    expect(vat.dataObject.period).toEqual({ from: '2026-01', to: '2026-01' })
    expect(vat.dataObject.companyRevenues).toEqual([{ name: 'Invoice', amount: '10000.00', vatAmount: '2300.00' }])
    expect(vat.dataObject.companyFees).toEqual([{ name: 'Laptop', amount: '5000.00', vatAmount: '1150.00' }])
    expect(vat.dataObject.relatedTransactions.map((t) => t.id)).toEqual([4, 5])
    const pit = rows.find((r) => r.eventType === '4_Pit')!
    expect(pit.dataObject).toMatchObject({
      taxType: 'Linear',
      rate: '19',
      paymentInterval: 1,
      income: '5000.00',
      deductions: { socialSecurity: '1926.76', healthInsurance: '314.96', other: '0.00' },
    })
    const zus = rows.find((r) => r.eventType === '5_SocialSecurity')!
    expect(zus.dataObject.relatedTransactions).toEqual([])
    expect(shortSocialSecurity(zus)).toBe(zus.dataObject.amount)
  })

  it('March shows February ZUS: health from January income, never below the 2026 minimum', () => {
    const { state } = books()
    const zus = monthTransactions(state, '2026-03', '2026-03-01').find((r) => r.eventType === '5_SocialSecurity')!
    // January income = 10 000 − 5 000 − 1 926.76 = 3 073.24; 4.9 % = 150.59 < the Feb 2026–Jan 2027 minimum 432.54.
    expect(zus.dataObject.amount).toBe('2359.30')
    expect(zus.dataObject.breakdown).toMatchObject({ health: '432.54', healthMinimumApplied: 'true' })
    expect(zus.dataObject.relatedTransactions[0]?.dataObject).toMatchObject({ taxType: 'Linear', income: '3073.24' })
    // The short figure is what is due, with the minimum: never 1 926.76 + 4.9 % × 3 073.24 = 2 077.35 beside it.
    expect(shortSocialSecurity(zus)).toBe('2359.30')
  })

  it('every view is computed from the current items: a later change shows at once', () => {
    const { events, state } = books()
    const before = monthTransactions(state, '2026-02', '2026-02-01')
    const changed = runCommands(
      [
        {
          type: 'UpdateItem',
          dataType: 'RecurringIncome',
          id: 4,
          data: recurring({ date: '2026-01-10', name: 'Invoice', amount: '20000', repetitions: 12 }),
        },
        { type: 'AddItem', dataType: 'Expense', data: income({ date: '2026-02-20', name: 'Late', amount: '100' }) },
      ],
      events,
    )
    const after = monthTransactions(changed.state, '2026-02', '2026-02-01')
    expect(after.find((r) => r.dataObject.name === 'Invoice')?.dataObject.amount).toBe('20000.00')
    expect(after.find((r) => r.dataObject.name === 'Late')?.id).toBe('i8-2026-02')
    // January's VAT (due in February) grew with January's invoice; its identity is the same.
    const vat = (rows: typeof before) => rows.find((r) => r.eventType === '3_Vat')!
    expect(vat(after).id).toBe(vat(before).id)
    expect(vat(after).dataObject.amount).not.toBe(vat(before).dataObject.amount)
  })

  it('flags show on rows; a completed tax row is not overdue; deleted rows disappear', () => {
    const { events, state } = books()
    const pit = monthTransactions(state, '2026-02', '2026-03-01').find((r) => r.eventType === '4_Pit')!
    const fee = monthTransactions(state, '2026-02', '2026-03-01').find((r) => r.eventType === '2_Fee')!
    expect([pit.id, fee.id]).toEqual(['pit-2026-01', 'i6-2026-02'])
    const after = runCommands(
      [
        { type: 'SetTransactionFlags', id: pit.id, completed: true },
        { type: 'SetTransactionFlags', id: fee.id, notification: true },
        { type: 'RecordReminderSent', id: fee.id },
      ],
      events,
    ).state
    const rows = monthTransactions(after, '2026-02', '2026-03-01')
    expect(rows.find((r) => r.id === pit.id)).toMatchObject({ completed: true, dataObject: { overdue: false } })
    expect(rows.find((r) => r.id === fee.id)).toMatchObject({ notification: true, notificationCompleted: true })
    const deleted = runCommands([{ type: 'DeleteTransaction', id: fee.id }], events).state
    expect(monthTransactions(deleted, '2026-02', '2026-03-01').some((r) => r.id === fee.id)).toBe(false)
    expect(transactionById(deleted, fee.id, '2026-03-01')).toBeNull()
    expect(transactionById(after, pit.id, '2026-03-01')?.completed).toBe(true)
  })

  it('a tax row paid before it grew stays overdue for the remainder', () => {
    const { events } = books()
    const { state } = runCommands(
      [
        { type: 'SetTransactionFlags', id: 'vat-2026-01', completed: true },
        { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-01-20', name: 'Back-dated' }) },
      ],
      events,
    )
    const vat = transactionById(state, 'vat-2026-01', '2026-03-01')!
    expect(vat).toMatchObject({ completed: true, paidAmount: '1150.00', remainingAmount: '230.00' })
    expect(vat.dataObject).toMatchObject({ amount: '1380.00', overdue: true })
    expect(transactionById(state, 'vat-2026-01', '2026-02-01')?.dataObject.overdue).toBe(false)
  })

  it('a tax row with nothing to pay is not overdue, ticked or not; one with something to pay is until ticked', () => {
    // A small income: the social security deducted leaves January's PIT advance at 0.00.
    const { events, state } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
      { type: 'AddSetting', kind: 'Pit', data: pitSetting() },
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ date: '2026-01-10', name: 'Invoice', amount: '1000' }) },
    ])
    const taxRow = (s: typeof state, id: string) => transactionById(s, id, '2026-03-21')!
    // Nothing to pay, so nothing late, though the due date has passed.
    expect(taxRow(state, 'pit-2026-01').dataObject).toMatchObject({ amount: '0.00', overdue: false })
    expect(taxRow(state, 'zus-2026-01').dataObject.overdue).toBe(true)
    // The year's obligations list only periods with something to pay: the month's row now agrees with them.
    const listed = obligations(state, { year: 2026, today: '2026-03-21' }).map((o) => o.transactionId)
    expect(listed).toContain('zus-2026-01')
    expect(listed).not.toContain('pit-2026-01')
    // Ticked, it is paid and not late (a remainder after it grew is the test above).
    const full = runCommands([{ type: 'SetTransactionFlags', id: 'zus-2026-01', completed: true }], events)
    expect(taxRow(full.state, 'zus-2026-01').dataObject.overdue).toBe(false)
  })

  it('manual transactions appear in their month and in the lists of transactions', () => {
    const { state } = runCommands([
      {
        type: 'AddManualTransaction',
        data: {
          date: '2026-04-02',
          name: 'Cash',
          amount: '100',
          eventType: '1_Revenue',
          percent: '23',
          isCompany: true,
        },
      },
    ])
    const rows = monthTransactions(state, '2026-04', '2026-04-02')
    expect(rows).toEqual([
      expect.objectContaining({
        id: '1',
        dataType: 'Manual',
        eventType: '1_Revenue',
        dataObject: expect.objectContaining({ sum: '123.00' }),
      }),
    ])
    expect(transactionsBetween(state, '2026-04-01', '2026-04-30', '2026-04-02').map((t) => t.id)).toEqual(['1'])
    expect(transactionsBetween(state, '2026-05-01', '2026-05-30', '2026-04-02')).toEqual([])
    expect(transactionsByType(state, '1_Revenue', '2026-04-02').length).toBe(1)
    expect(transactionsByType(state, '2_Fee', '2026-04-02').length).toBe(0)
  })

  it('generated rows are cached with the records: a flag does not rebuild them', () => {
    const { state } = books()
    const a = generatedRows(state, '2026-03')
    expect(a.map((r) => r.id)).toContain('i4-2026-03')
    expect(generatedRows(state, '2026-03')).toBe(a)
    const flagged = foldBooks(
      [{ type: 'TransactionCompletedSet', data: { id: 'i4-2026-03', completed: true, amount: '12300.00' } }],
      state,
    )
    expect(generatedRows(flagged, '2026-03')).toBe(a)
    expect(monthTransactions(flagged, '2026-03', '2026-03-01').find((t) => t.id === 'i4-2026-03')?.completed).toBe(true)
    expect(generatedRows(initialBooks, '2026-03')).toEqual([])
  })

  it('quarterly VAT shows one row after the quarter; months inside show none', () => {
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ paymentInterval: 3 }) },
      {
        type: 'AddItem',
        dataType: 'RecurringIncome',
        data: recurring({ date: '2026-01-10', amount: '1000', repetitions: 3 }),
      },
    ])
    expect(monthTransactions(state, '2026-02', '2026-02-01').some((r) => r.eventType === '3_Vat')).toBe(false)
    const vat = monthTransactions(state, '2026-04', '2026-04-01').find((r) => r.eventType === '3_Vat')!
    expect(vat.dataObject).toMatchObject({ displayName: 'VAT 2026-01 – 2026-03', amount: '690.00', paymentInterval: 3 })
  })
})

describe('obligations', () => {
  it('lists what is due in the year with the paid state of its row, by identity', () => {
    const { events } = books()
    const paid = runCommands([{ type: 'SetTransactionFlags', id: 'pit-2026-01', completed: true }], events).state
    const list = obligations(paid, { year: 2026, today: '2026-03-21' })
    expect(list.slice(0, 3)).toEqual([
      {
        kind: 'PIT',
        periodFrom: '2026-01',
        periodTo: '2026-01',
        amount: '524.00',
        statutoryDueDate: '2026-02-20',
        dueDate: '2026-02-20',
        transactionId: 'pit-2026-01',
        completed: true,
        paidAmount: '524.00',
        remainingAmount: '0.00',
        overdue: false,
      },
      {
        kind: 'SocialSecurity',
        periodFrom: '2026-01',
        periodTo: '2026-01',
        amount: '2241.72',
        statutoryDueDate: '2026-02-20',
        dueDate: '2026-02-20',
        transactionId: 'zus-2026-01',
        completed: false,
        paidAmount: null,
        remainingAmount: null,
        overdue: true,
      },
      {
        kind: 'VAT',
        periodFrom: '2026-01',
        periodTo: '2026-01',
        amount: '1150.00',
        statutoryDueDate: '2026-02-25',
        dueDate: '2026-02-25',
        transactionId: 'vat-2026-01',
        completed: false,
        paidAmount: null,
        remainingAmount: null,
        overdue: true,
      },
    ])
    // Due in 2026: January–November periods (December's are due in January 2027).
    expect(list.every((o) => o.dueDate.startsWith('2026'))).toBe(true)
    expect(obligations(paid, { year: 2027, today: '2027-02-01' }).map((o) => o.periodFrom)).toContain('2026-12')
    expect(obligations(paid, { today: '2026-03-01' }).length).toBeGreaterThan(3)
    expect(obligations(initialBooks, { today: '2026-03-01' })).toEqual([])
  })
})

describe('summary', () => {
  it('month rows sum the rows of the month; the year row totals them', () => {
    const { state } = books()
    const rows = summaryList(state, 2026, false)
    expect(rows).toHaveLength(13)
    expect(rows[1]).toEqual({
      year: 2026,
      month: 2,
      companyIncomeAmmount: '10000.00',
      companyVatAmmount: '1150.00',
      companyPitAmmount: '524.00',
      companySocialSecurityAmmount: '2241.72',
      companyExpenseAmmount: '0.00',
      // 10 000 − 0 − 524 − 2 241.72 = 7 234.28 (the VAT payment is shown, not subtracted from net amounts)
      companysNetIncome: '7234.28',
      privateIncomeAmmount: '200.00',
      privateExpenseAmmount: '300.00',
      privateIncome: '-100.00',
      summary: '7134.28',
    })
    const cumulative = summaryList(state, 2026, true)
    expect(cumulative[1]!.companyIncomeAmmount).toBe('20000.00')
    expect(cumulative[11]!.companyIncomeAmmount).toBe('120000.00')
    expect(cumulative[12]).toEqual(rows[12])
    expect(yearSummary(state, 2026)).toEqual(rows[12])
    expect(yearSummary(state, 2026).month).toBe(0)
  })
})

describe('costs', () => {
  it('sums the checked groups, larger of related sum and sum, company fees only', () => {
    const { state } = books()
    const rows = monthTransactions(state, '2026-02', '2026-02-01')
    const all = { vat: true, pit: true, socialSecurity: true, companyFees: true }
    // 1 150 + 524 + 2 241.72; the private fee does not count.
    expect(costSummary(rows, all)).toBe('3915.72')
    expect(costSummary(rows, { ...all, vat: false })).toBe('2765.72')
    expect(costSummary(rows, { vat: false, pit: false, socialSecurity: false, companyFees: true })).toBe('0.00')
    const jan = monthTransactions(state, '2026-01', '2026-01-01')
    expect(costSummary(jan, { vat: false, pit: false, socialSecurity: false, companyFees: true })).toBe('6150.00')
    expect(costSummary(jan, { vat: false, pit: false, socialSecurity: false, companyFees: false })).toBe('0.00')
  })

  it('short social security for Flat is the row amount', () => {
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Pit', data: pitSetting({ taxType: 'Flat', firstPercent: '12' }) },
      { type: 'AddSetting', kind: 'SocialSecurity', data: ssSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ amount: '5000' }) },
    ])
    const zus = monthTransactions(state, '2026-02', '2026-02-01').find((r) => r.eventType === '5_SocialSecurity')!
    expect(zus.dataObject.taxType).toBe('Flat')
    expect(shortSocialSecurity(zus)).toBe(zus.dataObject.amount)
  })
})

describe('derived data', () => {
  it('recomputes the taxes when Primary data changes (business start, VAT registration), not for other company data', () => {
    const { events, state } = books()
    const before = monthTransactions(state, '2026-02', '2026-02-01')
    const primary = { companyName: 'Firma', nip: '5260250274', businessStartDate: '2026-01-15' }
    derive(state)
    // Folded onto the viewed state: the derivation is updated from it, not rebuilt.
    const saved = decide(cmd({ type: 'SaveCompanyRecord', dataType: 'Primary', data: primary }), state) as never[]
    const after = foldBooks(saved, state)
    const fresh = foldBooks([...events, ...saved])
    expect(monthTransactions(after, '2026-02', '2026-02-01')).toEqual(monthTransactions(fresh, '2026-02', '2026-02-01'))
    expect(monthTransactions(after, '2026-02', '2026-02-01')).not.toEqual(before)
    const contact = foldBooks(
      [{ type: 'CompanyRecordSaved', data: { id: 50, dataType: 'Contact', data: { email: 'a@b.pl' } } } as never],
      state,
    )
    expect(derive(contact).schedule).toBe(derive(state).schedule)
    expect(derive(contact).taxes).toBe(derive(state).taxes)
  })

  it('updates the derivation of an earlier version for what changed, even after other books were derived', () => {
    const { state } = books()
    const before = derive(state)
    // Other users' books are derived in between (more than the recent derivations kept).
    for (let i = 0; i < 12; i++) derive(runCommands([{ type: 'AddItem', dataType: 'Income', data: income() }]).state)
    const after = foldBooks(
      [{ type: 'ItemAdded', data: { id: 99, dataType: 'Expense', data: income({ date: '2026-05-05' }) } } as never],
      state,
    )
    const d = derive(after)
    expect(d).not.toBe(before)
    // Untouched months share their schedule arrays; the changed month is rebuilt.
    expect(d.schedule.byCashMonth.get('2026-03')).toBe(before.schedule.byCashMonth.get('2026-03'))
    expect(d.schedule.byCashMonth.get('2026-05')).not.toBe(before.schedule.byCashMonth.get('2026-05'))
    expect(d.schedule.byCashMonth.get('2026-05')?.some((o) => o.itemId === 99)).toBe(true)
  })

  it('is cached per records and extends the tax range on demand', () => {
    const { state } = books()
    expect(derive(state)).toBe(derive(state))
    const a = taxesThrough(state, '2026-03')!
    // Through the end of the year asked for: the year's views share one run of the engine.
    expect(a.end).toBe('2026-12')
    expect(taxesThrough(state, '2026-11')).toBe(a)
    const b = taxesThrough(state, '2027-06')!
    expect(b.end).toBe('2027-12')
    expect(taxesThrough(state, '2026-01')).toBe(b)
    expect(taxesThrough(foldBooks([]), '2026-01')).toBeNull()
  })
})

describe('item VAT and KPiR fields', () => {
  it('an item whose VAT is "the rate in force then" takes the VAT setting of its day of supply', () => {
    const { state, events } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01', percent: '23' }) },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-03-01', percent: '8' }) },
      {
        type: 'AddItem',
        dataType: 'Income',
        data: income({
          date: '2026-03-05',
          amount: '100',
          vatTreatment: 'inForce',
          percent: null,
          supplyDate: '2026-02-27',
        }),
      },
      {
        type: 'AddItem',
        dataType: 'RecurringIncome',
        data: recurring({ date: '2026-02-10', amount: '100', vatTreatment: 'inForce', percent: null, repetitions: 2 }),
      },
    ])
    const rows = monthTransactions(state, '2026-03', '2026-03-01').filter((t) => t.eventType === '1_Revenue')
    expect(rows.map((r) => [r.date, r.dataObject.percent, r.dataObject.vatAmount])).toEqual([
      ['2026-03-05', '23', '23.00'], // supplied on 27 February, before the change
      ['2026-03-10', '8', '8.00'], // the second occurrence is supplied in March
    ])
    expect(listRecords(state, 'Income')[0]?.dataObject).toMatchObject({
      percent: null,
      vatAmount: '23.00',
      sum: '123.00',
    })
    // A later change of the settings re-prices the item: its VAT is not frozen at the time it was recorded.
    const later = runCommands(
      [{ type: 'UpdateSetting', kind: 'Vat', id: 1, data: vatSetting({ date: '2026-01-01', percent: '5' }) }],
      events,
    ).state
    expect(listRecords(later, 'Income')[0]?.dataObject).toMatchObject({ vatAmount: '5.00' })
  })

  it('an expense that is not a tax cost lowers no PIT income but keeps its input VAT', () => {
    const run = (kpirColumn: string | null) =>
      taxesThrough(
        runCommands([
          { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
          { type: 'AddSetting', kind: 'Pit', data: pitSetting() },
          { type: 'AddItem', dataType: 'Income', data: income({ amount: '10000' }) },
          { type: 'AddItem', dataType: 'Expense', data: income({ amount: '1000', kpirColumn }) },
        ]).state,
        '2026-01',
      )!.result
    const cost = run('other')
    const notCost = run('notCost')
    expect(cost.pit[0]?.costs).toBe(100000n)
    expect(notCost.pit[0]?.costs).toBe(0n)
    expect(notCost.vat[0]?.input).toBe(cost.vat[0]?.input)
    expect(notCost.vat[0]?.input).toBe(23000n)
  })

  it('exempt and not-taxable items carry no VAT', () => {
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
      { type: 'AddItem', dataType: 'Income', data: income({ amount: '500', vatTreatment: 'zw', percent: '0' }) },
      { type: 'AddItem', dataType: 'Income', data: income({ amount: '700', vatTreatment: 'np', percent: '0' }) },
    ])
    expect(taxesThrough(state, '2026-01')!.result.vat[0]?.output).toBe(0n)
  })
})
