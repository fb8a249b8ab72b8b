import { describe, expect, it } from 'vitest'
import type { RecordState } from './model/state.ts'
import { indexSchedule, occurrencesOf } from './schedule.ts'

const rec = (
  data: Record<string, unknown>,
  dataType = 'RecurringExpense',
  over: Partial<RecordState> = {},
): RecordState =>
  ({
    id: 7,
    dataType,
    data: { name: 'Rent', amount: '100.00', isCompany: true, percent: '23', invoiceDate: null, ...data },
    deleted: false,
    verb: 'add',
    ...over,
  }) as RecordState

describe('schedule', () => {
  it('a recurring item on the 31st falls on each month end, counted from its own date', () => {
    const occ = occurrencesOf(rec({ date: '2024-01-31', repetitions: 4 }))
    expect(occ.map((o) => o.date)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30'])
    expect(occ.map((o) => o.index)).toEqual([0, 1, 2, 3])
    expect(occ[0]!.vatAmount).toBe(2300n)
  })

  it('the VAT a document states is the VAT of every occurrence (a correction may be negative)', () => {
    const occ = occurrencesOf(rec({ date: '2026-03-05', amount: '-0.02', documentVat: '-0.01', repetitions: 2 }))
    expect(occ.map((o) => [o.amount, o.vatAmount])).toEqual([
      [-2n, -1n],
      [-2n, -1n],
    ])
  })

  it('the invoice date shifts with each occurrence and decides the tax months', () => {
    const occ = occurrencesOf(rec({ date: '2025-12-05', invoiceDate: '2025-11-28', repetitions: 3 }))
    expect(occ.map((o) => [o.date, o.invoiceDate, o.vatMonth, o.pitMonth])).toEqual([
      ['2025-12-05', '2025-11-28', '2025-11', '2025-11'],
      ['2026-01-05', '2025-12-28', '2025-12', '2025-12'],
      ['2026-02-05', '2026-01-28', '2026-01', '2026-01'],
    ])
  })

  it('a sale supplied on 30 September and invoiced on 2 October counts in September for VAT and PIT, in every repetition', () => {
    const occ = occurrencesOf(
      rec(
        { date: '2026-10-16', invoiceDate: '2026-10-02', supplyDate: '2026-09-30', repetitions: 2 },
        'RecurringIncome',
      ),
    )
    expect(occ.map((o) => [o.vatDate, o.pitDate])).toEqual([
      ['2026-09-30', '2026-09-30'],
      ['2026-10-30', '2026-10-30'],
    ])
  })

  it('a purchase supplied after its invoice counts for VAT in the month of supply, for PIT on the invoice date', () => {
    const [o] = occurrencesOf(
      rec({ date: '2026-03-20', invoiceDate: '2026-02-25', supplyDate: '2026-03-03' }, 'Expense'),
    )
    expect([o!.vatMonth, o!.pitMonth, o!.pitDate]).toEqual(['2026-03', '2026-02', '2026-02-25'])
  })

  it('an occurrence whose VAT and PIT months differ is indexed under both, once under one', () => {
    const a = rec({ date: '2026-03-20', invoiceDate: '2026-02-25', supplyDate: '2026-03-03' }, 'Expense')
    const idx = indexSchedule([a])
    expect(idx.byTaxMonth.get('2026-02')?.map((o) => [o.vatMonth, o.pitMonth])).toEqual([['2026-03', '2026-02']])
    expect(idx.byTaxMonth.get('2026-03')?.map((o) => [o.vatMonth, o.pitMonth])).toEqual([['2026-03', '2026-02']])
    const b = rec({ date: '2026-10-16', invoiceDate: '2026-10-02' }, 'Expense', { id: 9 })
    expect(indexSchedule([b]).byTaxMonth.get('2026-10')?.length).toBe(1)
  })

  it('a fixed item occurs once; a deleted item never', () => {
    expect(occurrencesOf(rec({ date: '2026-03-01', repetitions: 5 }, 'Expense')).length).toBe(1)
    expect(occurrencesOf(rec({ date: '2026-03-01', repetitions: 5 }, 'RecurringExpense', { deleted: true }))).toEqual(
      [],
    )
  })

  it('indexes by cash month and tax month, with the overall range', () => {
    const a = rec({ date: '2026-01-10', invoiceDate: '2025-12-20', repetitions: 2 }, 'RecurringIncome')
    const b = rec({ date: '2026-01-05' }, 'Income', { id: 8 })
    const idx = indexSchedule([a, b])
    expect(idx.byCashMonth.get('2026-01')?.map((o) => o.itemId)).toEqual([8, 7])
    expect(idx.byTaxMonth.get('2025-12')?.map((o) => o.date)).toEqual(['2026-01-10'])
    expect(idx.range).toEqual(['2025-12', '2026-02'])
    expect(indexSchedule([]).range).toBeNull()
  })
})
