import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { RecordDto } from '../lib/records.ts'
import { listMachine } from './listMachine.ts'

const item = (id: number): RecordDto => ({
  id,
  dataType: 'Expense',
  eventType: 'Fixed expense add/update/delete',
  dataObject: { name: `Item ${id}`, amount: '10.00' },
})

const start = (
  load: () => Promise<RecordDto[]>,
  remove: (input: { id: number; version?: number }) => Promise<unknown> = async () => ({}),
) => {
  const removed: number[] = []
  const actor = createActor(
    listMachine.provide({
      actors: {
        loadList: fromPromise(load),
        remove: fromPromise(async ({ input }: { input: { id: number; version?: number } }) => {
          removed.push(input.id)
          return remove(input)
        }),
      },
    }),
    { input: {} },
  )
  const notes: string[] = []
  actor.on('notify', (e) => notes.push(e.message))
  actor.start()
  return { actor, removed, notes }
}

describe('record list machine', () => {
  it('loads the items', async () => {
    const { actor } = start(async () => [item(1), item(2)])
    const s = await waitFor(actor, (s) => s.matches('ready'))
    expect(s.context.items.map((r) => r.id)).toEqual([1, 2])
  })

  it('treats a 404 as no data, silently', async () => {
    const { actor, notes } = start(async () => {
      throw { status: 404, statusText: 'Not Found', errors: ['Not found'] }
    })
    const s = await waitFor(actor, (s) => s.matches('ready'))
    expect(s.context.items).toEqual([])
    expect(notes).toEqual([])
  })

  it('announces other load errors', async () => {
    const { actor, notes } = start(async () => {
      throw { status: 503, statusText: 'Service Unavailable', errors: [] }
    })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(notes).toEqual(['Service Unavailable'])
  })

  it('deletes only after Yes and removes the item from the list', async () => {
    const { actor, removed } = start(async () => [item(1), item(2)])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'ASK_DELETE', id: 2 })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'CANCEL' })
    expect(removed).toEqual([])
    actor.send({ type: 'ASK_DELETE', id: 1 })
    actor.send({ type: 'CONFIRM' })
    const s = await waitFor(actor, (s) => s.matches('ready'))
    expect(removed).toEqual([1])
    expect(s.context.items.map((r) => r.id)).toEqual([2])
  })

  it('keeps the item when the delete fails', async () => {
    const { actor, notes } = start(
      async () => [item(1)],
      async () => {
        throw { status: 409, statusText: 'Conflict', errors: ['Conflict'] }
      },
    )
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'ASK_DELETE', id: 1 })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('ready') && s.context.pendingId === null)
    expect(actor.getSnapshot().context.items).toHaveLength(1)
    expect(notes).toEqual(['Conflict'])
  })

  it('deletes naming the version it listed; when the item changed elsewhere it reads the list again', async () => {
    const STALE = 'This record was changed elsewhere. Reload it to see the latest version.'
    let loads = 0
    const removed: unknown[] = []
    const { actor, notes } = start(
      async () => {
        loads++
        return [{ ...item(1), version: loads === 1 ? 2 : 3 }]
      },
      async (input: unknown) => {
        removed.push(input)
        throw { status: 409, statusText: 'Conflict', errors: [STALE] }
      },
    )
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'ASK_DELETE', id: 1 })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches('ready') && loads === 2)
    expect(removed).toEqual([{ id: 1, version: 2 }])
    expect(notes).toEqual([STALE])
    expect(actor.getSnapshot().context.items[0]?.version).toBe(3)
  })

  it('says the API cannot be reached when the load fails with status 0', async () => {
    const { actor, notes } = start(async () => {
      throw { status: 0, statusText: 'Unknown Error', errors: [] }
    })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(notes).toEqual(['Response error, can not connect to API.'])
  })
})
