import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { income, itemAdded, pitSetting, recurring } from '../testing/fixtures.ts'
import { addItem, runCommands } from '../testing/given.ts'
import { BookHistory, bookClosingDay, bookHistory, kpirLayoutOf, polishDayOf, taxBook } from './taxBook.ts'
import { foldBooks } from '../model/evolve.ts'
import { taxesThrough } from './derived.ts'

const expense = (over: Record<string, unknown> = {}) => income({ name: 'Cost', ...over })
const updated = (id: number, data: Record<string, unknown>, dataType = 'Income'): LedgerEvent =>
  ({ type: 'ItemUpdated', data: { id, dataType, data } }) as LedgerEvent
const deleted = (id: number, dataType = 'Income'): LedgerEvent =>
  ({ type: 'ItemDeleted', data: { id, dataType } }) as LedgerEvent
const pit = (id: number, over: Record<string, unknown> = {}): LedgerEvent =>
  ({ type: 'SettingAdded', data: { id, kind: 'Pit', data: pitSetting(over) } }) as LedgerEvent

/** Events with the day each was recorded. */
const history = (...steps: [string, LedgerEvent][]) =>
  bookHistory(steps.map(([at, event]) => ({ event, recordedAt: at })))

describe('the KPiR of a Scale or Linear year', () => {
  const { state } = runCommands([
    { type: 'AddSetting', kind: 'Pit', data: pitSetting({ taxType: 'Scale', firstPercent: '12' }) },
    {
      type: 'AddItem',
      dataType: 'Income',
      data: {
        ...income({ date: '2026-02-03', amount: '5000.00', documentNumber: 'FV 2/2026', description: 'Consulting' }),
        counterparty: { name: 'ACME sp. z o.o.', taxId: '5260250274', country: 'PL', address: 'Warszawa' },
      },
    },
    addItem('Income', income({ date: '2026-01-20', amount: '1000.00' })),
    addItem('Income', income({ date: '2026-01-25', amount: '200.00', kpirColumn: 'otherRevenue' })),
    addItem('Expense', expense({ date: '2026-01-05', amount: '300.00', kpirColumn: 'goods' })),
    addItem('Expense', expense({ date: '2026-01-05', amount: '30.00', kpirColumn: 'sideCosts' })),
    addItem('Expense', expense({ date: '2026-01-31', amount: '4000.00', kpirColumn: 'salaries' })),
    addItem('Expense', expense({ date: '2026-01-12', amount: '100.00' })),
    addItem('Expense', expense({ date: '2026-01-13', amount: '50.00', kpirColumn: 'free' })),
    addItem(
      'Expense',
      expense({ date: '2026-01-14', amount: '70.00', kpirColumn: 'research', description: 'Prototype' }),
    ),
    addItem('Expense', expense({ date: '2026-01-15', amount: '999.00', kpirColumn: 'notCost' })),
    addItem('Expense', expense({ date: '2026-01-16', amount: '80.00', isCompany: false })),
    // Taxed in January: the invoice date decides the month.
    addItem('Income', income({ date: '2026-02-15', invoiceDate: '2026-01-30', amount: '10.00' })),
  ])
  const book = taxBook(state, 2026)

  it('numbers the entries from 1 in order of their dates and leaves private and non-cost items out', () => {
    expect(book.kpir.rows.map((r) => [r.number, r.date, r.description])).toEqual([
      [1, '2026-01-05', 'Cost'],
      [2, '2026-01-05', 'Cost'],
      [3, '2026-01-12', 'Cost'],
      [4, '2026-01-13', 'Cost'],
      [5, '2026-01-14', 'Prototype'],
      [6, '2026-01-20', 'Invoice 1'],
      [7, '2026-01-25', 'Invoice 1'],
      [8, '2026-01-30', 'Invoice 1'],
      [9, '2026-01-31', 'Cost'],
      [10, '2026-02-03', 'Consulting'],
    ])
  })

  it('puts each amount in the column of its KPiR column', () => {
    const [goods, side, other, free, research, sale, otherRev, , salary, consulting] = book.kpir.rows
    expect(goods).toMatchObject({ goods: '300.00', expenses: null, revenue: null })
    expect(side).toMatchObject({ sideCosts: '30.00', goods: null })
    expect(other).toMatchObject({ otherExpenses: '100.00', expenses: '100.00' })
    expect(free).toMatchObject({ free: '50.00', expenses: null })
    expect(research).toMatchObject({
      otherExpenses: '70.00',
      expenses: '70.00',
      research: '70.00',
      researchDescription: 'Prototype',
    })
    expect(sale).toMatchObject({ sales: '1000.00', otherRevenue: null, revenue: '1000.00' })
    expect(otherRev).toMatchObject({ sales: null, otherRevenue: '200.00', revenue: '200.00' })
    expect(salary).toMatchObject({ salaries: '4000.00', expenses: '4000.00' })
    expect(consulting).toMatchObject({
      documentNumber: 'FV 2/2026',
      counterparty: { name: 'ACME sp. z o.o.', taxId: '5260250274', country: 'PL', address: 'Warszawa' },
      kind: 'entry',
      corrects: null,
      source: { dataType: 'Income', index: 0 },
    })
  })

  it('sums each month and the year so far; costs count 16 once (it is inside 13)', () => {
    const jan = book.months[0]!
    expect(jan.kind).toBe('kpir')
    expect(jan.kpir).toMatchObject({
      sales: '1010.00',
      otherRevenue: '200.00',
      revenue: '1210.00',
      goods: '300.00',
      sideCosts: '30.00',
      salaries: '4000.00',
      otherExpenses: '170.00',
      expenses: '4170.00',
      free: '50.00',
      research: '70.00',
      costs: '4550.00',
      income: '-3340.00',
    })
    expect(book.months[1]!.kpir.revenue).toBe('5000.00')
    expect(book.months[1]!.kpirYearToDate.revenue).toBe('6210.00')
    expect(book.months[11]!.kpirYearToDate).toEqual(book.kpir.totals)
    expect(book.ewp.rows).toEqual([])
  })

  it('follows the 2019 regulation up to 2025 and the 2025 one (19 columns) from 2026', () => {
    expect(book.layout).toBe('2025')
    expect(kpirLayoutOf(2025)).toBe('2019')
  })
})

describe('the ewidencja przychodów of a ryczałt year', () => {
  const { state } = runCommands([
    { type: 'AddSetting', kind: 'Pit', data: pitSetting({ date: '2025-01-01', taxType: 'Flat', firstPercent: '12' }) },
    addItem('Income', income({ date: '2025-03-03', amount: '1000.00' })),
    addItem('Income', income({ date: '2025-03-01', amount: '400.00', flatRate: '8.5', ksefNumber: null })),
    addItem('Expense', expense({ date: '2025-03-02', amount: '77.00' })),
    addItem('RecurringIncome', recurring({ date: '2025-11-10', amount: '10.00', repetitions: 3 })),
  ])
  const book = taxBook(state, 2025)

  it('has one row per revenue, at its own rate or the setting’s, and no costs', () => {
    expect(book.ewp.rows.map((r) => [r.number, r.date, r.entryDate, r.rate, r.amount])).toEqual([
      [1, '2025-03-01', '2025-03-01', '8.5', '400.00'],
      [2, '2025-03-03', '2025-03-03', '12', '1000.00'],
      [3, '2025-11-10', '2025-11-10', '12', '10.00'],
      [4, '2025-12-10', '2025-12-10', '12', '10.00'],
    ])
    expect(book.kpir.rows).toEqual([])
    expect(book.months.every((m) => m.kind === 'ewp')).toBe(true)
  })

  it('totals per rate, highest rate first, per month and for the year', () => {
    expect(book.ewp.rates).toEqual(['12', '8.5'])
    expect(book.months[2]!.ewp).toEqual({ byRate: { '12': '1000.00', '8.5': '400.00' }, total: '1400.00' })
    expect(book.ewp.totals).toEqual({ byRate: { '12': '1020.00', '8.5': '400.00' }, total: '1420.00' })
    expect(book.months[11]!.ewpYearToDate).toEqual(book.ewp.totals)
  })

  it('restarts numbering in the next year', () => {
    expect(taxBook(state, 2026).ewp.rows.map((r) => [r.number, r.date])).toEqual([[1, '2026-01-10']])
  })
})

describe('when a month closes', () => {
  it('is the 20th of the next month, or the next working day', () => {
    expect(bookClosingDay('2026-01')).toBe('2026-02-20')
    // 20 December 2025 is a Saturday.
    expect(bookClosingDay('2025-11')).toBe('2025-12-22')
  })

  it('reads recording moments on the Polish calendar', () => {
    expect(polishDayOf('2026-01-31T23:30:00.000Z')).toBe('2026-02-01')
    expect(polishDayOf('2026-07-31T21:59:00.000Z')).toBe('2026-07-31')
    expect(polishDayOf('2026-03-04')).toBe('2026-03-04')
    expect(() => polishDayOf('soon')).toThrow(RangeError)
  })
})

describe('changes after a month closed', () => {
  const start: [string, LedgerEvent][] = [
    ['2026-01-02T10:00:00Z', pit(1, { taxType: 'Linear' })],
    ['2026-01-10T10:00:00Z', itemAdded(2, income({ date: '2026-01-10', amount: '1000.00', documentNumber: 'FV 1' }))],
  ]

  it('edits an entry in place while its month is open (up to the closing day)', () => {
    const h = history(...start, ['2026-02-20T20:00:00Z', updated(2, income({ date: '2026-01-10', amount: '1100.00' }))])
    const b = h.book(2026)
    expect(b.kpir.rows.map((r) => [r.number, r.date, r.kind, r.sales])).toEqual([[1, '2026-01-10', 'entry', '1100.00']])
  })

  it('enters the difference as a correction dated the day of the change, naming the entry it corrects', () => {
    const h = history(...start, [
      '2026-02-23T09:00:00Z',
      updated(2, income({ date: '2026-01-10', amount: '1100.00', documentNumber: 'FV 1' })),
    ])
    const b = h.book(2026)
    expect(b.kpir.rows.map((r) => [r.number, r.month, r.date, r.kind, r.sales])).toEqual([
      [1, '2026-01', '2026-01-10', 'entry', '1000.00'],
      [2, '2026-02', '2026-02-23', 'correction', '100.00'],
    ])
    expect(b.kpir.rows[1]).toMatchObject({
      corrects: { book: 'kpir', year: 2026, number: 1, date: '2026-01-10', documentNumber: 'FV 1' },
      period: '2026-01',
    })
    expect(b.months[0]!.closed).toBe(true)
    expect(b.months[1]!.closed).toBe(false)
    expect(b.kpir.totals.revenue).toBe('1100.00')
  })

  it('reverses a deleted entry, and enters an item added for a closed month as a late correction', () => {
    const h = history(
      ...start,
      ['2026-03-02T09:00:00Z', deleted(2)],
      ['2026-03-03T09:00:00Z', itemAdded(3, income({ date: '2026-01-15', amount: '50.00', name: 'Late' }))],
    )
    const rows = h.book(2026).kpir.rows
    // The late entry keeps its event's date and sits in the month it was entered.
    expect(rows.map((r) => [r.number, r.month, r.date, r.kind, r.sales, r.corrects?.number ?? null, r.period])).toEqual(
      [
        [1, '2026-01', '2026-01-10', 'entry', '1000.00', null, null],
        [2, '2026-03', '2026-01-15', 'correction', '50.00', null, '2026-01'],
        [3, '2026-03', '2026-03-02', 'correction', '-1000.00', 1, '2026-01'],
      ],
    )
  })

  it('moves an item re-dated from a closed month into an open one by one reversal, when both close at once', () => {
    // Re-dated on 1 March from January (closed on 20 February) to 10 February (February still open); nothing more
    // is recorded until 2 May, when February, March and April close together. The reversal in March takes back the
    // January entry only: the year holds the item once.
    const h = history(
      ...start,
      ['2026-03-01T09:00:00Z', updated(2, income({ date: '2026-02-10', amount: '1000.00', documentNumber: 'FV 1' }))],
      ['2026-05-02T09:00:00Z', itemAdded(3, income({ date: '2026-05-02', amount: '1.00' }))],
    )
    const b = h.book(2026)
    expect(b.kpir.rows.map((r) => [r.month, r.date, r.kind, r.sales])).toEqual([
      ['2026-01', '2026-01-10', 'entry', '1000.00'],
      ['2026-02', '2026-02-10', 'entry', '1000.00'],
      ['2026-03', '2026-03-01', 'correction', '-1000.00'],
      ['2026-05', '2026-05-02', 'entry', '1.00'],
    ])
    expect(b.kpir.totals.revenue).toBe('1001.00')
  })

  it('keeps a closed month as it was whatever happens later, and moves a re-dated item by a reversal', () => {
    const before = history(...start, ['2026-02-25T09:00:00Z', itemAdded(3, income({ date: '2026-02-25' }))])
    const janBefore = before.book(2026).kpir.rows.filter((r) => r.month === '2026-01')
    const after = history(
      ...start,
      ['2026-02-25T09:00:00Z', itemAdded(3, income({ date: '2026-02-25' }))],
      ['2026-03-05T09:00:00Z', updated(2, income({ date: '2026-03-04', amount: '1000.00' }))],
    )
    const rows = after.book(2026).kpir.rows
    expect(rows.filter((r) => r.month === '2026-01')).toEqual(janBefore)
    expect(rows.map((r) => [r.date, r.kind, r.sales])).toEqual([
      ['2026-01-10', 'entry', '1000.00'],
      ['2026-02-25', 'entry', '1000.00'],
      ['2026-03-04', 'entry', '1000.00'],
      ['2026-03-05', 'correction', '-1000.00'],
    ])
  })

  it('enters a correction of last year’s closed entry in this year, numbered in this year', () => {
    const h = history(
      ['2025-12-01T10:00:00Z', pit(1, { date: '2025-01-01', taxType: 'Scale' })],
      ['2025-12-01T10:00:00Z', itemAdded(2, income({ date: '2025-12-01', amount: '700.00' }))],
      ['2026-01-26T10:00:00Z', itemAdded(3, income({ date: '2026-01-26', amount: '5.00' }))],
      ['2026-02-02T10:00:00Z', updated(2, income({ date: '2025-12-01', amount: '600.00' }))],
    )
    expect(h.book(2025).kpir.rows.map((r) => [r.number, r.sales])).toEqual([[1, '700.00']])
    expect(h.book(2026).kpir.rows.map((r) => [r.number, r.date, r.sales, r.corrects])).toEqual([
      [1, '2026-01-26', '5.00', null],
      [2, '2026-02-02', '-100.00', { book: 'kpir', year: 2025, number: 1, date: '2025-12-01', documentNumber: '' }],
    ])
  })

  it('reports months past their closing day as closed when asked with today', () => {
    const h = history(...start)
    expect(h.book(2026).months[0]!.closed).toBe(false)
    expect(h.book(2026, { today: '2026-02-21' }).months[0]!.closed).toBe(true)
    expect(h.book(2026, { today: '2026-02-20' }).months[0]!.closed).toBe(false)
  })

  it('does not close the months of a history entered later: they follow the items', () => {
    const h = history(
      ['2026-04-01T10:00:00Z', pit(1, { date: '2025-01-01', taxType: 'Scale' })],
      ['2026-04-01T10:00:00Z', itemAdded(2, income({ date: '2025-06-10', amount: '10.00' }))],
      ['2026-04-02T10:00:00Z', itemAdded(3, income({ date: '2026-02-10', amount: '20.00' }))],
      ['2026-05-02T10:00:00Z', updated(2, income({ date: '2025-06-10', amount: '11.00' }))],
      ['2026-05-03T10:00:00Z', updated(3, income({ date: '2026-02-10', amount: '21.00' }))],
      ['2026-05-04T10:00:00Z', itemAdded(4, income({ date: '2026-03-10', amount: '30.00' }))],
    )
    expect(h.book(2025).kpir.rows.map((r) => [r.kind, r.sales])).toEqual([['entry', '11.00']])
    // March closed on 20 April, after the first item was recorded: the late item is a correction in May.
    expect(h.book(2026).kpir.rows.map((r) => [r.month, r.date, r.kind, r.sales])).toEqual([
      ['2026-02', '2026-02-10', 'entry', '21.00'],
      ['2026-05', '2026-03-10', 'correction', '30.00'],
    ])
    const months = h.book(2026, { today: '2026-06-01' }).months.slice(0, 5)
    expect(months.map((m) => [m.closed, m.history])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [true, false],
      [false, false],
    ])
  })

  it('corrects the rate of a ryczałt entry when the setting’s rate changes after the month closed', () => {
    const h = history(
      ['2026-01-02T10:00:00Z', pit(1, { taxType: 'Flat', firstPercent: '12' })],
      ['2026-01-10T10:00:00Z', itemAdded(2, income({ date: '2026-01-10', amount: '1000.00' }))],
      [
        '2026-03-01T10:00:00Z',
        {
          type: 'SettingUpdated',
          data: { id: 1, kind: 'Pit', data: pitSetting({ taxType: 'Flat', firstPercent: '8.5' }) },
        } as LedgerEvent,
      ],
    )
    expect(h.book(2026).ewp.rows.map((r) => [r.date, r.kind, r.rate, r.amount, r.corrects?.number ?? null])).toEqual([
      ['2026-01-10', 'entry', '12', '1000.00', null],
      ['2026-03-01', 'correction', '12', '-1000.00', 1],
      ['2026-03-01', 'correction', '8.5', '1000.00', 1],
    ])
    expect(h.book(2026).ewp.totals).toEqual({ byRate: { '12': '0.00', '8.5': '1000.00' }, total: '1000.00' })
  })

  it('takes the latest moment for events recorded without one or with a clock that stepped back', () => {
    const h = new BookHistory()
    h.push(pit(1, { taxType: 'Linear' }), '2026-01-02T10:00:00Z')
    h.push(itemAdded(2, income({ date: '2026-01-10' })), '2026-03-01T10:00:00Z')
    h.push(itemAdded(3, income({ date: '2026-01-11' })), '2026-01-11T10:00:00Z')
    h.push(itemAdded(4, income({ date: '2026-01-12' })))
    expect(h.book(2026).kpir.rows.map((r) => [r.date, r.kind])).toEqual([
      ['2026-01-10', 'entry'],
      ['2026-01-11', 'entry'],
      ['2026-01-12', 'entry'],
    ])
  })
})

describe('settings and the book', () => {
  it('follows the PIT setting: deleted, the months go back to the KPiR; VAT settings change nothing', () => {
    const h = new BookHistory()
    h.push(pit(1, { taxType: 'Flat', firstPercent: '9' }))
    h.push({
      type: 'SettingAdded',
      data: { id: 2, kind: 'Vat', data: { date: '2026-01-01', percent: '8', paymentInterval: 1 } },
    } as LedgerEvent)
    h.push(itemAdded(3, income({ date: '2026-01-10', amount: '50.00' })))
    h.push(itemAdded(4, income({ date: '2026-01-11', amount: '20.00', flatRate: '12' })))
    // A rate JPK_EWP(4) does not list (the setting's 9 %) comes after the listed ones.
    expect(h.book(2026).ewp.rates).toEqual(['12', '9'])
    h.push({ type: 'SettingDeleted', data: { id: 1, kind: 'Pit' } } as LedgerEvent)
    h.push({ type: 'SettingDeleted', data: { id: 99, kind: 'Pit' } } as LedgerEvent)
    const book = h.book(2026)
    expect(book.months[0]!.kind).toBe('kpir')
    expect(book.kpir.rows.map((r) => r.sales)).toEqual(['50.00', '20.00'])
    expect(book.ewp.rows).toEqual([])
    h.push(deleted(77))
    expect(h.book(2026).kpir.rows).toHaveLength(2)
  })
})

describe('a book records what happened: nothing after today', () => {
  // A recurring income of 1 000 on the 10th of every month of 2026 and a cost of 400 on 28 November, recorded on
  // 5 January and 2 November; the book is opened on 27 November.
  const h = history(
    ['2026-01-05', pit(1)],
    ['2026-01-05', itemAdded(2, recurring({ date: '2026-01-10', amount: '1000.00' }), 'RecurringIncome')],
    ['2026-11-02', itemAdded(3, expense({ date: '2026-11-28', amount: '400.00', kpirColumn: 'goods' }), 'Expense')],
  )
  const book = h.book(2026, { today: '2026-11-27' })

  it('leaves out the occurrences dated after today, from the rows and from every total', () => {
    expect(book.kpir.rows.map((r) => r.date)).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
      '2026-07-10',
      '2026-08-10',
      '2026-09-10',
      '2026-10-10',
      '2026-11-10',
    ])
    expect(book.kpir.totals.revenue).toBe('11000.00')
    expect(book.kpir.totals.goods).toBe('0.00')
    expect(book.months[11]!.kpir.revenue).toBe('0.00')
    expect(book.months[10]!.kpirYearToDate.revenue).toBe('11000.00')
  })

  it('says how many planned entries it left out and from which day', () => {
    expect(book.planned).toEqual({ after: '2026-11-27', entries: 2 })
    expect(h.book(2026, { today: '2026-12-31' }).planned).toEqual({ after: '2026-12-31', entries: 0 })
  })

  it('holds them once their day has come', () => {
    const later = h.book(2026, { today: '2026-12-10' })
    expect(later.kpir.totals.revenue).toBe('12000.00')
    expect(later.kpir.totals.goods).toBe('400.00')
  })
})

describe("the owner's Fundusz Pracy in the KPiR", () => {
  const zus = (id: number, over: Record<string, unknown> = {}): LedgerEvent =>
    ({
      type: 'SettingAdded',
      data: {
        id,
        kind: 'SocialSecurity',
        data: { date: '2026-01-01', amount: '1926.76', percent: '9', contributionsPaid: 'byDeadline', ...over },
      },
    }) as LedgerEvent
  const fundRows = (b: ReturnType<BookHistory['book']>) =>
    b.kpir.rows
      .filter((r) => r.description.startsWith('Składka na Fundusz Pracy'))
      .map((r) => [r.date, r.documentNumber, r.otherExpenses, r.kind])

  it('is a cost of the day it is paid, "pozostałe wydatki", one line a month; ryczałt has none', () => {
    // Full ZUS of 2026 with sickness: 1926.76, of which Fundusz Pracy 138.47 (2.45 % of 5652.00), paid by the 20th
    // of the next month (moved to the next working day): January's on 20 February, May's on 22 June (the 20th is a
    // Saturday), November's on 21 December; December's on 20 January 2027, in the next year's book.
    const h = history(['2026-01-02', pit(1, { taxType: 'Linear', firstPercent: '19' })], ['2026-01-02', zus(2)])
    const b = h.book(2026)
    const rows = fundRows(b)
    expect(rows).toHaveLength(11)
    expect(rows[0]).toEqual(['2026-02-20', 'DRA 01/2026', '138.47', 'entry'])
    expect(rows[3]).toEqual(['2026-05-20', 'DRA 04/2026', '138.47', 'entry'])
    expect(rows[4]).toEqual(['2026-06-22', 'DRA 05/2026', '138.47', 'entry'])
    expect(rows[10]).toEqual(['2026-12-21', 'DRA 11/2026', '138.47', 'entry'])
    expect(b.kpir.totals.costs).toBe('1523.17')
    expect(fundRows(h.book(2027))[0]).toEqual(['2027-01-20', 'DRA 12/2026', '138.47', 'entry'])
    // Paid in the month it concerns: on its last day.
    const inMonth = history(['2026-01-02', pit(1)], ['2026-01-02', zus(2, { contributionsPaid: 'inMonth' })])
    expect(fundRows(inMonth.book(2026))[0]).toEqual(['2026-01-31', 'DRA 01/2026', '138.47', 'entry'])
    // Ryczałt: no costs, no line; preferential ZUS: no Fundusz Pracy.
    const flat = history(['2026-01-02', pit(1, { taxType: 'Flat', firstPercent: '12' })], ['2026-01-02', zus(2)])
    expect(flat.book(2026).kpir.rows).toHaveLength(0)
    expect(flat.book(2026).ewp.rows).toHaveLength(0)
    const preferential = history(['2026-01-02', pit(1)], ['2026-01-02', zus(2, { amount: '456.18' })])
    expect(fundRows(preferential.book(2026))).toEqual([])
  })

  it('is dated the day a completed ZUS row says the contributions were paid, as the engine deducts them', () => {
    // March's contributions paid early, on 25 March (a bank statement's line or the day typed in the row), then
    // April's on 5 May: their lines move to those days; un-completing April's row puts its line back on 20 May.
    const paid = (month: string, paidOn?: string, completed = true): LedgerEvent =>
      ({
        type: 'TransactionCompletedSet',
        data: { id: `zus-${month}`, completed, amount: completed ? '1926.76' : null, ...(paidOn ? { paidOn } : {}) },
      }) as LedgerEvent
    const h = history(
      ['2026-01-02', pit(1, { taxType: 'Linear', firstPercent: '19' })],
      ['2026-01-02', zus(2)],
      ['2026-03-25', paid('2026-03', '2026-03-25')],
      ['2026-05-05', paid('2026-04', '2026-05-05')],
    )
    const rows = fundRows(h.book(2026))
    expect(rows[2]).toEqual(['2026-03-25', 'DRA 03/2026', '138.47', 'entry'])
    expect(rows[3]).toEqual(['2026-05-05', 'DRA 04/2026', '138.47', 'entry'])
    // A completion without a day keeps the day said before; un-completing drops it.
    h.push(paid('2026-04'), '2026-05-06')
    expect(fundRows(h.book(2026))[3]).toEqual(['2026-05-05', 'DRA 04/2026', '138.47', 'entry'])
    h.push(paid('2026-04', undefined, false), '2026-05-07')
    expect(fundRows(h.book(2026))[3]).toEqual(['2026-05-20', 'DRA 04/2026', '138.47', 'entry'])
    // The engine deducts March's on the same day: its PIT period of March counts them.
    const { state } = runCommands([
      { type: 'AddSetting', kind: 'Pit', data: pitSetting({ taxType: 'Linear', firstPercent: '19' }) },
      { type: 'AddSetting', kind: 'SocialSecurity', data: { date: '2026-01-01', amount: '1926.76', percent: '9' } },
    ])
    const flagged = foldBooks([paid('2026-03', '2026-03-25')], state)
    expect(taxBook(flagged, 2026).kpir.rows.find((r) => r.documentNumber === 'DRA 03/2026')?.date).toBe('2026-03-25')
    const march = taxesThrough(flagged, '2026-12')!.result.contributions.find((c) => c.month === '2026-03')!
    expect(march.paidOn).toBe('2026-03-25')
  })

  it('starts with the business: an incomplete first month pays its Fundusz Pracy on the reduced basis', () => {
    const { state } = runCommands([
      {
        type: 'SaveCompanyRecord',
        dataType: 'Primary',
        data: { companyName: 'Firma', nip: '5260250274', businessStartDate: '2026-01-15' },
      },
      { type: 'AddSetting', kind: 'Pit', data: pitSetting({ taxType: 'Scale', firstPercent: '12' }) },
      { type: 'AddSetting', kind: 'SocialSecurity', data: { date: '2026-01-01', amount: '1926.76', percent: '9' } },
    ])
    // January from the 15th: 17 of 31 days, the engine's 138.47 × 17 / 31 = 75.94 (docs/tax-rules.md §4); from
    // February 138.47 a month; each paid (by the setting) on the month's last day.
    const rows = taxBook(state, 2026).kpir.rows
    expect(rows.map((r) => [r.date, r.otherExpenses])).toEqual([
      ['2026-01-31', '75.94'],
      ...Array.from({ length: 11 }, (_, i) => [bookMonthEnd(2026, i + 2), '138.47']),
    ])
  })

  it('set up after months closed: the closed months are not rewritten, their Fundusz Pracy enters late', () => {
    // The setting is recorded on 2 April 2026, after February's book closed (20 March): January's line (paid on
    // 20 February) enters April's book as a late entry; February's (paid on 20 March, March still open) is ordinary.
    const h = history(
      ['2026-01-02', pit(1, { taxType: 'Linear', firstPercent: '19' })],
      ['2026-01-10', itemAdded(3, income({ date: '2026-01-10', amount: '9000.00' }))],
      ['2026-04-02', zus(2)],
    )
    const b = h.book(2026)
    expect(b.months[1]!.closed).toBe(true)
    expect(b.months[1]!.kpir.costs).toBe('0.00')
    const line = (n: string) => b.kpir.rows.find((r) => r.documentNumber === n)!
    const late = line('DRA 01/2026')
    expect([late.month, late.date, late.otherExpenses, late.kind, late.corrects]).toEqual([
      '2026-04',
      '2026-02-20',
      '138.47',
      'correction',
      null,
    ])
    expect([line('DRA 02/2026').month, line('DRA 02/2026').kind]).toEqual(['2026-03', 'entry'])
  })
})

const bookMonthEnd = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}-${new Date(Date.UTC(year, month, 0)).getUTCDate()}`
