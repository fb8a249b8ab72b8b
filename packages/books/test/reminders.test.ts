/**
 * The reminder job's logic without HTTP or e-mail: what is due is delivered once with a signed Accept link, the
 * send is recorded in the books, a failed delivery records nothing and is tried again, and a user without a role
 * gets nothing.
 */
import { createMemoryStore } from '@finance/event-store'
import { findTransaction, isDomainError, itemOccurrenceId, type ReminderDue } from '@finance/ledger-core/light'
import { income } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import {
  createAccounts,
  executeBooks,
  loadBooks,
  type ReminderDeps,
  runReminders,
  type User,
  verifyAcceptKey,
} from '../src/index.ts'

const SECRET = 'reminder-test-secret'

async function setUp() {
  const store = createMemoryStore()
  const clock = { now: new Date('2026-03-10T09:00:00Z') }
  const accounts = createAccounts(store, { hashCost: 4, now: () => clock.now })
  const registered = await accounts.register({ email: 'anna@example.com', password: 'Secret#123', role: 'USER' })
  if (!registered.ok) throw new Error(JSON.stringify(registered))
  const userId = registered.value.id
  const meta = { at: clock.now.toISOString(), userId }
  const added = await executeBooks(store, userId, {
    ...meta,
    type: 'AddItem',
    dataType: 'Expense',
    data: income({ name: 'Rent', date: '2026-03-12', isCompany: false }),
  })
  if (isDomainError(added)) throw new Error(added.message)
  const itemId = (added.events[0]?.data as { id: number } | undefined)?.id ?? 0
  const rowId = itemOccurrenceId(itemId, '2026-03')
  const flagged = await executeBooks(store, userId, {
    ...meta,
    type: 'SetTransactionFlags',
    id: rowId,
    notification: true,
  })
  if (isDomainError(flagged)) throw new Error(flagged.message)
  const delivered: { to: string; reminder: ReminderDue; link: string }[] = []
  const delivery = { failing: false }
  const deps: ReminderDeps = {
    store,
    accounts,
    deliver: async (user: User, reminder, link) => {
      if (delivery.failing) throw new Error('mail server down')
      delivered.push({ to: user.email, reminder, link })
    },
    secret: SECRET,
    publicUrl: 'https://finance.example',
    leadDays: 3,
    now: () => clock.now,
    today: () => clock.now.toISOString().slice(0, 10),
  }
  return { store, accounts, userId, rowId, deps, delivered, delivery }
}

describe('runReminders', () => {
  it('delivers a due reminder once, with a key for that row, and records the send', async () => {
    const { store, userId, rowId, deps, delivered } = await setUp()
    expect(await runReminders(deps)).toEqual({ sent: 1, failed: 0 })
    expect(delivered).toHaveLength(1)
    const [first] = delivered
    expect(first?.to).toBe('anna@example.com')
    expect(first?.reminder.transaction.id).toBe(rowId)
    expect(first?.reminder.dueDate).toBe('2026-03-12')
    const link = new URL(first?.link ?? '')
    expect(`${link.origin}${link.pathname}`).toBe('https://finance.example/accept')
    const key = verifyAcceptKey(SECRET, link.searchParams.get('key'), deps.now().getTime())
    expect(key).toMatchObject({ userId, transactionId: rowId })
    expect(findTransaction((await loadBooks(store, userId)).state, rowId)?.flags?.notificationCompleted).toBe(true)
    expect(await runReminders(deps)).toEqual({ sent: 0, failed: 0 })
    expect(delivered).toHaveLength(1)
  })

  it('a failed delivery records nothing and is tried again on the next run', async () => {
    const { store, userId, rowId, deps, delivered, delivery } = await setUp()
    delivery.failing = true
    expect(await runReminders(deps)).toEqual({ sent: 0, failed: 1 })
    expect(findTransaction((await loadBooks(store, userId)).state, rowId)?.flags?.notificationCompleted).toBeFalsy()
    delivery.failing = false
    expect(await runReminders(deps)).toEqual({ sent: 1, failed: 0 })
    expect(delivered).toHaveLength(1)
  })

  it('nothing is delivered before the lead time or to a user without a role', async () => {
    const early = await setUp()
    const weekBefore = { ...early.deps, today: () => '2026-03-05' }
    expect(await runReminders(weekBefore)).toEqual({ sent: 0, failed: 0 })
    const blocked = await setUp()
    await blocked.accounts.setRole('anna@example.com', 0)
    expect(await runReminders(blocked.deps)).toEqual({ sent: 0, failed: 0 })
    expect([...early.delivered, ...blocked.delivered]).toEqual([])
  })
})
