import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { fixtureMonth, fixtureSummary } from '../fixtures.ts'
import type { FlagsResult, Transaction, TransactionFlags } from '../types.ts'
import { type ItemKind, type MonthData, monthlyMachine, type ResetScope } from './monthlyMachine.ts'

const allShown = { primary: true, details: true, summary: true }

interface Fakes {
  loadMonth?: (input: { month: string }) => Promise<MonthData>
  reset?: (input: { scope: ResetScope; month: string }) => Promise<Transaction[]>
  saveFlags?: (input: { id: string; flags: TransactionFlags }) => Promise<FlagsResult>
  deleteItem?: (input: { kind: ItemKind; itemId: number }) => Promise<void>
}

const start = (fakes: Fakes = {}, today = '2026-03-15') => {
  const loadMonth = vi.fn(
    fakes.loadMonth ?? (async () => ({ transactions: fixtureMonth(), summary: fixtureSummary(true) })),
  )
  const persistShow = vi.fn()
  const machine = monthlyMachine.provide({
    actors: {
      loadMonth: fromPromise(({ input }) => loadMonth(input)),
      reset: fromPromise(({ input }) => (fakes.reset ?? (async () => fixtureMonth()))(input)),
      saveFlags: fromPromise(({ input }) =>
        (
          fakes.saveFlags ??
          (async ({ id, flags }) => ({ id, notificationCompleted: false, ...flags }) as unknown as FlagsResult)
        )(input),
      ),
      deleteItem: fromPromise(({ input }) => (fakes.deleteItem ?? (async () => {}))(input)),
    },
    actions: { persistShow: (_, params) => persistShow(params) },
  })
  const actor = createActor(machine, { input: { today, show: allShown } })
  const emitted: string[] = []
  for (const type of ['resetDone', 'connectionError', 'flagsError', 'deleteError', 'deleted'] as const) {
    actor.on(type, (e) => emitted.push(e.type))
  }
  actor.start()
  return { actor, loadMonth, persistShow, emitted }
}

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ data: 'ready' }) || s.matches({ data: 'failed' }))

describe('monthly dashboard machine', () => {
  it('loads the month of today and shows its transactions', async () => {
    const { actor, loadMonth } = start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const s = await ready(actor)
    expect(loadMonth).toHaveBeenCalledWith({ month: '2026-03' })
    expect(s.context.transactions.length).toBe(fixtureMonth().length)
    expect(s.context.summary.length).toBe(13)
    expect(s.hasTag('busy')).toBe(false)
  })

  it('moves across year boundaries with the arrows and back to today', async () => {
    const { actor, loadMonth } = start({}, '2026-01-10')
    await ready(actor)
    actor.send({ type: 'PREV' })
    await ready(actor)
    expect(actor.getSnapshot().context.month).toBe('2025-12')
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'NEXT' })
    await ready(actor)
    expect(actor.getSnapshot().context.month).toBe('2026-02')
    actor.send({ type: 'TODAY' })
    await ready(actor)
    expect(actor.getSnapshot().context.month).toBe('2026-01')
    expect(loadMonth.mock.calls.map((c) => c[0].month)).toContain('2025-12')
  })

  it('stops loading and reports a connection error on failure, emptying the month', async () => {
    const { actor, emitted } = start({
      loadMonth: async () => {
        throw Object.assign(new Error('boom'), { status: 500 })
      },
    })
    const s = await ready(actor)
    expect(s.matches({ data: 'failed' })).toBe(true)
    expect(s.context.failed).toBe(true)
    expect(s.context.transactions).toEqual([])
    expect(s.hasTag('busy')).toBe(false)
    expect(emitted).toEqual(['connectionError'])
  })

  it('recovers from a failure on refresh', async () => {
    let calls = 0
    const { actor } = start({
      loadMonth: async () => {
        calls++
        if (calls === 1) throw new Error('down')
        return { transactions: fixtureMonth(), summary: [] }
      },
    })
    await ready(actor)
    actor.send({ type: 'REFRESH' })
    const s = await ready(actor)
    expect(s.matches({ data: 'ready' })).toBe(true)
    expect(s.context.failed).toBe(false)
  })

  it('remembers Show choices through the persist action', async () => {
    const { actor, persistShow } = start()
    await ready(actor)
    actor.send({ type: 'SET_SHOW', section: 'details', value: false })
    expect(actor.getSnapshot().context.show).toEqual({ primary: true, details: false, summary: true })
    expect(persistShow).toHaveBeenCalledWith({ section: 'details', value: false })
  })

  it('saves Completed at once, keeping the notification (for a remainder), and keeps the server answer', async () => {
    const saveFlags = vi.fn(async ({ id }: { id: string; flags: TransactionFlags }) => ({
      id,
      completed: true,
      notification: true,
      notificationCompleted: true,
      paidAmount: '2460.00',
      remainingAmount: '0.00',
    }))
    const { actor } = start({ saveFlags })
    await ready(actor)
    const target = actor.getSnapshot().context.transactions.find((t) => t.notification)!
    actor.send({ type: 'SET_FLAGS', id: target.id, flags: { completed: true } })
    // optimistic
    const optimistic = actor.getSnapshot().context.transactions.find((t) => t.id === target.id)!
    expect(optimistic.completed).toBe(true)
    expect(optimistic.notification).toBe(true)
    const s = await waitFor(actor, (x) => x.matches({ sync: 'idle' }) && x.context.pending.length === 0)
    expect(saveFlags).toHaveBeenCalledWith({ id: target.id, flags: { completed: true } })
    expect(s.context.transactions.find((t) => t.id === target.id)).toMatchObject({
      notificationCompleted: true,
      paidAmount: '2460.00',
      remainingAmount: '0.00',
    })
  })

  it('reads the month again once a contributions row was marked paid: its paid day moves the PIT advance', async () => {
    const { actor, loadMonth } = start()
    await ready(actor)
    expect(loadMonth).toHaveBeenCalledTimes(1)
    // Another row's flags change nothing else: no new read.
    actor.send({ type: 'SET_FLAGS', id: 'vat-2026-02', flags: { completed: true } })
    await waitFor(actor, (x) => x.matches({ sync: 'idle' }) && x.context.pending.length === 0)
    expect(loadMonth).toHaveBeenCalledTimes(1)
    actor.send({ type: 'SET_FLAGS', id: 'zus-2026-02', flags: { completed: true, paidOn: '2026-03-10' } })
    await waitFor(actor, () => loadMonth.mock.calls.length === 2)
    const s = await ready(actor)
    expect(s.context.figuresStale).toBe(false)
    // A notification of the same row is no payment: no read.
    actor.send({ type: 'SET_FLAGS', id: 'zus-2026-02', flags: { notification: true } })
    await waitFor(actor, (x) => x.matches({ sync: 'idle' }) && x.context.pending.length === 0)
    expect(loadMonth).toHaveBeenCalledTimes(2)
  })

  it('saves toggles one after another in order', async () => {
    const order: string[] = []
    const { actor } = start({
      saveFlags: async ({ id, flags }) => {
        order.push(`${id}:${JSON.stringify(flags)}`)
        await new Promise((r) => setTimeout(r, 5))
        return {
          id,
          completed: flags.completed ?? false,
          notification: flags.notification ?? false,
          notificationCompleted: false,
        }
      },
    })
    await ready(actor)
    const [a, b] = actor.getSnapshot().context.transactions
    actor.send({ type: 'SET_FLAGS', id: a!.id, flags: { notification: true } })
    actor.send({ type: 'SET_FLAGS', id: b!.id, flags: { completed: true } })
    await waitFor(actor, (x) => x.context.pending.length === 0 && x.matches({ sync: 'idle' }))
    expect(order).toEqual([`${a!.id}:{"notification":true}`, `${b!.id}:{"completed":true}`])
  })

  it('reverts a flag the server refused and reports it', async () => {
    const { actor, emitted } = start({
      saveFlags: async () => {
        throw Object.assign(new Error('Conflict'), { status: 409 })
      },
    })
    await ready(actor)
    const target = actor.getSnapshot().context.transactions.find((t) => !t.completed)!
    actor.send({ type: 'SET_FLAGS', id: target.id, flags: { completed: true } })
    const s = await waitFor(actor, (x) => x.context.pending.length === 0 && x.matches({ sync: 'idle' }))
    const after = s.context.transactions.find((t) => t.id === target.id)!
    expect(after.completed).toBe(false)
    expect(after.notification).toBe(target.notification)
    expect(emitted).toContain('flagsError')
  })

  it('resets the month through the popup and says so when rows come back, then reloads', async () => {
    const reset = vi.fn(async () => fixtureMonth())
    const { actor, emitted, loadMonth } = start({ reset })
    await ready(actor)
    actor.send({ type: 'OPEN_RESET' })
    expect(actor.getSnapshot().matches({ data: 'resetPrompt' })).toBe(true)
    actor.send({ type: 'RESET', scope: 'year' })
    await waitFor(actor, (s) => s.matches({ data: 'ready' }))
    expect(reset).toHaveBeenCalledWith({ scope: 'year', month: '2026-03' })
    expect(emitted).toEqual(['resetDone'])
    expect(loadMonth).toHaveBeenCalledTimes(2)
  })

  it('does not announce a reset that returned no rows', async () => {
    const { actor, emitted } = start({ reset: async () => [] })
    await ready(actor)
    actor.send({ type: 'OPEN_RESET' })
    actor.send({ type: 'RESET', scope: 'month' })
    await waitFor(actor, (s) => s.matches({ data: 'ready' }))
    expect(emitted).toEqual([])
  })

  it('cancels the reset popup without calling the API', async () => {
    const reset = vi.fn(async () => fixtureMonth())
    const { actor } = start({ reset })
    await ready(actor)
    actor.send({ type: 'OPEN_RESET' })
    actor.send({ type: 'CANCEL_RESET' })
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true)
    expect(reset).not.toHaveBeenCalled()
  })

  it('deletes an item and removes only its rows', async () => {
    const deleteItem = vi.fn(async () => {})
    const { actor, emitted } = start({ deleteItem })
    await ready(actor)
    const before = actor.getSnapshot().context.transactions
    const fee = before.find((t) => t.eventType === '2_Fee' && t.dataObject.itemId !== undefined)!
    actor.send({ type: 'DELETE_ITEM', kind: 'fee', itemId: fee.dataObject.itemId! })
    const s = await waitFor(actor, (x) => x.matches({ data: 'ready' }) && x.context.deleting === null)
    expect(deleteItem).toHaveBeenCalledWith({ kind: 'fee', itemId: fee.dataObject.itemId })
    expect(s.context.transactions.find((t) => t.id === fee.id)).toBeUndefined()
    expect(s.context.transactions.length).toBe(before.length - 1)
    expect(emitted).toEqual(['deleted'])
  })

  it('keeps the rows when a delete fails', async () => {
    const { actor, emitted } = start({
      deleteItem: async () => {
        throw new Error('nope')
      },
    })
    await ready(actor)
    const before = actor.getSnapshot().context.transactions
    actor.send({ type: 'DELETE_ITEM', kind: 'revenue', itemId: 1 })
    const s = await waitFor(actor, (x) => x.matches({ data: 'ready' }) && x.context.deleting === null)
    expect(s.context.transactions).toEqual(before)
    expect(emitted).toEqual(['deleteError'])
  })

  it('switches cost-summary groups', async () => {
    const { actor } = start()
    await ready(actor)
    actor.send({ type: 'SET_COST', group: 'pit', value: false })
    expect(actor.getSnapshot().context.cost).toEqual({ vat: true, pit: false, socialSecurity: true, companyFees: true })
  })
})
