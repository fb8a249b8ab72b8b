/** The read cache: one computation per books state (per stream revision), shared by every reader of the books. */
import { createMemoryStore } from '@finance/event-store'
import {
  isDomainError,
  type LedgerCommand,
  monthTransactions,
  remindersDue,
  summaryList,
} from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import {
  executeBooks,
  loadBooks,
  monthBytes,
  monthRows,
  partJsonCounter,
  reminderRows,
  rowJsonCounter,
  summaryBytes,
  summaryRows,
} from '../src/index.ts'
import { addExpense } from './writers.ts'

const at = '2026-03-10T10:00:00.000Z'

/** The month's answer as text. */
const monthJson = (...args: Parameters<typeof monthBytes>) => monthBytes(...args).toString('utf8')

describe('views', () => {
  it('computes a view once per books state and again after a write', async () => {
    const store = createMemoryStore()
    const add = (name: string) =>
      executeBooks(
        store,
        'u1',
        addExpense('u1', at, {
          date: '2026-03-12',
          name,
          amount: '10.00',
          isCompany: true,
          percent: '23',
          invoiceDate: null,
        }),
      )
    await add('First')
    const { state } = await loadBooks(store, 'u1')
    const rows = monthRows(state, '2026-03', '2026-03-10')
    expect(rows).toEqual(monthTransactions(state, '2026-03', '2026-03-10'))
    expect(monthRows((await loadBooks(store, 'u1')).state, '2026-03', '2026-03-10')).toBe(rows)
    expect(monthJson(state, '2026-03', '2026-03-10')).toBe(JSON.stringify(rows))
    // The bytes a response sends: encoded once per state, the same buffer for every reader of it.
    const bytes = monthBytes(state, '2026-03', '2026-03-10')
    expect(bytes.toString('utf8')).toBe(JSON.stringify(rows))
    expect(monthBytes((await loadBooks(store, 'u1')).state, '2026-03', '2026-03-10')).toBe(bytes)
    expect(JSON.parse(summaryBytes(state, 2026, true).toString('utf8'))).toEqual(summaryList(state, 2026, true))
    expect(summaryRows(state, 2026, true)).toBe(summaryRows(state, 2026, true))
    expect(summaryRows(state, 2026, true)).toEqual(summaryList(state, 2026, true))

    await add('Second')
    const after = (await loadBooks(store, 'u1')).state
    const again = monthRows(after, '2026-03', '2026-03-10')
    expect(again).not.toBe(rows)
    expect(again.map((r) => r.dataObject.name)).toEqual(expect.arrayContaining(['First', 'Second']))
    // The text reuses the first row's text and is still exactly the rows' JSON, also with a flag set.
    const serialised = rowJsonCounter.serialised
    expect(monthJson(after, '2026-03', '2026-03-10')).toBe(JSON.stringify(again))
    expect(rowJsonCounter.serialised - serialised).toBe(again.length - rows.length)
    // The bytes, put together from each row's, are the same text; a month without rows too.
    expect(monthBytes(after, '2026-03', '2026-03-10').toString('utf8')).toBe(JSON.stringify(again))
    expect(monthRows(after, '2019-01', '2026-03-10')).toEqual([])
    expect(monthBytes(after, '2019-01', '2026-03-10').toString('utf8')).toBe('[]')
    const first = again.find((r) => r.dataObject.name === 'First')!
    const flagged = await executeBooks(store, 'u1', {
      type: 'SetTransactionFlags',
      id: first.id,
      completed: true,
      paidOn: '2026-03-09',
      at,
      userId: 'u1',
    })
    if (isDomainError(flagged)) throw new Error(flagged.code)
    const paid = monthRows(flagged.state, '2026-03', '2026-03-10')
    expect(paid.find((r) => r.id === first.id)).toMatchObject({ completed: true, paidOn: '2026-03-09' })
    const beforeFlag = rowJsonCounter.serialised
    expect(monthJson(flagged.state, '2026-03', '2026-03-10')).toBe(JSON.stringify(paid))
    // Only the flagged row and the rows whose figures it moved are serialised again; here the flagged one.
    expect(rowJsonCounter.serialised - beforeFlag).toBeGreaterThanOrEqual(1)
    expect(rowJsonCounter.serialised - beforeFlag).toBeLessThan(paid.length)
  })

  it("a tax row built again after a write takes its listed items' text as it was", async () => {
    const store = createMemoryStore()
    const run = async (command: Record<string, unknown>) => {
      const r = await executeBooks(store, 'u3', { ...command, at, userId: 'u3' } as LedgerCommand)
      if (isDomainError(r)) throw new Error(r.code)
      return r
    }
    await run({ type: 'AddSetting', kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } })
    const income = (day: number) => ({
      type: 'AddItem',
      dataType: 'Income',
      data: { date: `2026-03-${day}`, name: `Invoice ${day}`, amount: '100.00', isCompany: true, percent: '23' },
    })
    for (const day of [10, 11, 12]) await run(income(day))
    const april = (state: Parameters<typeof monthRows>[0]) => monthRows(state, '2026-04', '2026-04-10')
    const before = april((await loadBooks(store, 'u3')).state)
    expect(before.find((r) => r.eventType === '3_Vat')?.dataObject.relatedTransactions).toHaveLength(3)
    monthJson((await loadBooks(store, 'u3')).state, '2026-04', '2026-04-10')
    const { state } = await run(income(13))
    const rows = april(state)
    expect(rows.find((r) => r.eventType === '3_Vat')?.dataObject.relatedTransactions).toHaveLength(4)
    const parts = partJsonCounter.serialised
    expect(monthJson(state, '2026-04', '2026-04-10')).toBe(JSON.stringify(rows))
    // The new invoice's related transaction and company line; the three listed before are taken as they were.
    expect(partJsonCounter.serialised - parts).toBe(2)
  })

  it('answers the reminder job from the same cache', async () => {
    const store = createMemoryStore()
    const added = await executeBooks(
      store,
      'u2',
      addExpense('u2', at, {
        date: '2026-03-12',
        name: 'Bill',
        amount: '10.00',
        isCompany: false,
        percent: '0',
        invoiceDate: null,
      }),
    )
    if ('code' in added) throw new Error(added.message)
    const row = monthTransactions(added.state, '2026-03', '2026-03-10').find((r) => r.dataObject.name === 'Bill')!
    await executeBooks(store, 'u2', { type: 'SetTransactionFlags', id: row.id, notification: true, at, userId: 'u2' })
    const { state } = await loadBooks(store, 'u2')
    const due = reminderRows(state, '2026-03-10', '2026-03-13')
    expect(due.map((r) => r.transaction.id)).toEqual([row.id])
    expect(due).toEqual(remindersDue(state, { today: '2026-03-10', lastDay: '2026-03-13' }))
    expect(reminderRows(state, '2026-03-10', '2026-03-13')).toBe(due)
  })
})
