/**
 * The write path: a record write loads the books once and answers the saved record from the state it produced; a
 * lost append race is decided again on the fresh books; a stale version is the user's own conflict.
 */
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { listRecords } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import {
  BooksConflict,
  booksStream,
  executeBooks,
  loadBooks,
  MAX_ATTEMPTS,
  type RecordWritten,
  writeRecord,
} from '../src/index.ts'
import { contactSavedElsewhere, wrote } from './writers.ts'

const at = '2026-03-10T10:00:00.000Z'
const by = (userId: string) => ({ userId, at })
const expense = (name: string) => ({
  date: '2026-03-05',
  name,
  amount: '100.00',
  isCompany: true,
  percent: '23',
  invoiceDate: null,
})

/** A store that counts looks at a books stream's head, and lets another writer append just before ours. */
function testStore() {
  const inner = createMemoryStore()
  const counts = { heads: 0, appends: 0 }
  let races = 0
  let n = 1000
  const store: EventStore = Object.create(inner)
  store.streamRevision = (streamId) => {
    if (streamId.startsWith('books-')) counts.heads++
    return inner.streamRevision(streamId)
  }
  store.append = async (streamId, events, expected) => {
    if (races > 0 && streamId.startsWith('books-')) {
      races--
      await inner.append(streamId, [contactSavedElsewhere(`other${++n}@example.com`, at)], 'any')
    }
    counts.appends++
    return inner.append(streamId, events, expected)
  }
  return { store, counts, race: (times = 1) => (races = times) }
}

const written = (r: RecordWritten | { code: string }): RecordWritten => wrote(r)

describe('commands', () => {
  it('writes a record with one load and answers it as saved', async () => {
    const { store, counts } = testStore()
    await loadBooks(store, 'u1')
    counts.heads = 0
    const created = written(
      await writeRecord(store, { kind: 'create', dataType: 'Expense', data: expense('Laptop') }, by('u1')),
    )
    expect(counts.heads).toBe(1)
    expect(created).toMatchObject({
      id: 1,
      created: true,
      record: { id: 1, version: 1, dataObject: { name: 'Laptop' } },
    })
    // The state the write produced is the cached one: the next read needs no fold.
    expect((await loadBooks(store, 'u1')).state).toBe(created.state)

    counts.heads = 0
    const updated = written(
      await writeRecord(
        store,
        { kind: 'update', id: 1, types: ['Expense'], data: expense('Laptop 2'), expectedVersion: 1 },
        by('u1'),
      ),
    )
    expect(counts.heads).toBe(1)
    expect(updated).toMatchObject({ created: false, record: { version: 2, dataObject: { name: 'Laptop 2' } } })

    // A record of another family is not found, and nothing is written.
    const appends = counts.appends
    expect(await writeRecord(store, { kind: 'delete', id: 1, types: ['Income'] }, by('u1'))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(counts.appends).toBe(appends)
    expect(written(await writeRecord(store, { kind: 'delete', id: 1, types: ['Expense'] }, by('u1'))).record).toBe(null)
  })

  it('a company record saved the first time is created, then updated in place', async () => {
    const { store } = testStore()
    const contact = { email: 'a@example.com', phoneNumber: '' }
    const first = written(await writeRecord(store, { kind: 'create', dataType: 'Contact', data: contact }, by('u2')))
    expect(first.created).toBe(true)
    const again = written(
      await writeRecord(
        store,
        { kind: 'create', dataType: 'Contact', data: { ...contact, phoneNumber: '+48 600 000 000' } },
        by('u2'),
      ),
    )
    expect(again).toMatchObject({ id: first.id, created: false, record: { version: 2 } })
  })

  it('decides a create again after a lost race, and reports a conflict only when every attempt lost', async () => {
    const { store, race } = testStore()
    race(3)
    const won = written(await writeRecord(store, { kind: 'create', dataType: 'Expense', data: expense('A') }, by('u3')))
    // Three saves of the other writer came first: our item is decided on the books that hold them.
    expect(won.record?.dataObject).toMatchObject({ name: 'A' })
    expect(won.id).toBe(100_000)
    expect(listRecords(won.state, 'Contact')[0]).toMatchObject({ version: 3 })

    race(MAX_ATTEMPTS)
    await expect(
      writeRecord(store, { kind: 'create', dataType: 'Expense', data: expense('B') }, by('u3')),
    ).rejects.toBeInstanceOf(BooksConflict)
    const names = listRecords((await loadBooks(store, 'u3')).state, 'Expense').map((r) => r.dataObject.name)
    expect(names).toEqual(['A'])
  })

  it('answers a stale version with STALE_VERSION, also after a race, and writes nothing', async () => {
    const { store, race } = testStore()
    written(await writeRecord(store, { kind: 'create', dataType: 'Expense', data: expense('A') }, by('u4')))
    await executeBooks(store, 'u4', {
      type: 'UpdateItem',
      dataType: 'Expense',
      id: 1,
      data: expense('Changed elsewhere'),
      at,
      userId: 'u4',
    })
    race()
    const stale = await writeRecord(
      store,
      { kind: 'update', id: 1, types: ['Expense'], data: expense('Mine'), expectedVersion: 1 },
      by('u4'),
    )
    expect(stale).toMatchObject({ code: 'STALE_VERSION' })
    const events = await store.readStream(booksStream('u4'))
    expect(events.map((e) => e.type)).toEqual(['ItemAdded', 'ItemUpdated'])
  })
})
