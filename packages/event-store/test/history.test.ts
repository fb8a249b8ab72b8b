import { describe, expect, it } from 'vitest'
import { appendInOrder, sortedKeys, eventToLine } from '../src/history.ts'
import { createMemoryStore } from '../src/memory.ts'
import type { StoredEvent } from '../src/port.ts'

const meta = { userId: 'u1', correlationId: 'c1', createdAt: '2026-01-31T10:00:00.000Z' }

async function sourceHistory() {
  const store = createMemoryStore()
  await store.append(
    'a',
    [
      { type: 'One', schemaVersion: 1, data: { z: 1, a: { y: 2, b: 3 } }, metadata: meta },
      { type: 'Two', schemaVersion: 2, data: [3, 1], metadata: meta },
    ],
    'no_stream',
  )
  await store.append('b', [{ type: 'Three', schemaVersion: 1, data: null, metadata: meta }], 'no_stream')
  await store.append('a', [{ type: 'Four', schemaVersion: 1, data: 'x', metadata: meta }], 1n)
  return (await store.readAll()).events
}

describe('sortedKeys', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(JSON.stringify(sortedKeys({ b: [{ d: 1, c: 2 }], a: null }))).toBe('{"a":null,"b":[{"c":2,"d":1}]}')
  })
})

describe('eventToLine', () => {
  it('writes the keys in the fixed order, bigints as decimal strings, data keys sorted', async () => {
    const [first] = await sourceHistory()
    const line = eventToLine(first as StoredEvent)
    expect(Object.keys(JSON.parse(line))).toEqual([
      'streamId',
      'revision',
      'position',
      'eventId',
      'type',
      'schemaVersion',
      'data',
      'metadata',
    ])
    expect(line).toContain('"revision":"0","position":"1"')
    expect(line).toContain('"data":{"a":{"b":3,"y":2},"z":1}')
  })
})

describe('appendInOrder', () => {
  it('copies a history keeping ids, revisions and the commit order, in batches of one stream', async () => {
    const events = await sourceHistory()
    const to = createMemoryStore()
    const progress = { written: 0 }
    expect(await appendInOrder(to, events, progress, 1)).toBe(4)
    expect(progress.written).toBe(4)
    const copied = (await to.readAll()).events
    expect(copied.map((e) => [e.streamId, e.revision, e.eventId, e.type])).toEqual(
      events.map((e) => [e.streamId, e.revision, e.eventId, e.type]),
    )
  })

  it('says how many were written before a failed append', async () => {
    const events = await sourceHistory()
    const to = createMemoryStore()
    await to.append('b', [{ type: 'Other', schemaVersion: 1, data: null, metadata: meta }], 'no_stream')
    const progress = { written: 0 }
    await expect(appendInOrder(to, events, progress)).rejects.toThrow()
    expect(progress.written).toBe(2)
  })
})
