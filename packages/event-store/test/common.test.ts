import { describe, expect, it } from 'vitest'
import { assertJson, prepareEvents, uuidv7 } from '../src/common.ts'
import type { NewEvent } from '../src/port.ts'

describe('uuidv7', () => {
  it('is a version-7, RFC 9562 variant uuid carrying the time, unique across many calls', () => {
    const at = Date.UTC(2026, 0, 31, 10, 0, 0)
    const id = uuidv7(at)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at)
    const many = new Set(Array.from({ length: 5000 }, () => uuidv7()))
    expect(many.size).toBe(5000)
    expect(uuidv7(at) < uuidv7(at + 1)).toBe(true)
  })
})

describe('assertJson', () => {
  it('accepts plain JSON including shared (non-cyclic) references and null-prototype objects', () => {
    const shared = { a: 1 }
    expect(() => assertJson({ x: shared, y: shared, z: [shared], n: Object.create(null) }, 'data')).not.toThrow()
  })
  it('names the path of the first offending value', () => {
    expect(() => assertJson({ a: [{ b: Number.NaN }] }, 'data')).toThrow(
      'data.a[0].b is NaN, which is not a JSON number',
    )
    expect(() => assertJson({ when: new Date(0) }, 'data')).toThrow('data.when is an instance of Date, not plain JSON')
    expect(() => assertJson([1, () => 2], 'data')).toThrow('data[1] is a function, which is not JSON')
  })
})

describe('prepareEvents', () => {
  const metadata = { userId: 'u1', correlationId: 'c1', createdAt: '2026-03-10T10:00:00.000Z' }
  const event = (i: number, m: unknown = metadata) =>
    ({ type: 'ItemAdded', schemaVersion: 1, data: { id: i }, metadata: m }) as NewEvent

  it('serialises the metadata the events of a command share, and checks each other metadata on its own', () => {
    const prepared = prepareEvents([event(1), event(2), event(3, { ...metadata, userId: 'u2' })])
    expect(prepared.map((p) => JSON.parse(p.metadata).userId)).toEqual(['u1', 'u1', 'u2'])
    expect(prepared.map((p) => p.data)).toEqual(['{"id":1}', '{"id":2}', '{"id":3}'])
    // A bad metadata after a good shared one is refused, naming its event.
    expect(() => prepareEvents([event(1), event(2), event(3, { ...metadata, createdAt: 'yesterday' })])).toThrow(
      /Invalid event 2 \(ItemAdded\): metadata.createdAt/,
    )
    const bad = { ...metadata, userId: '' }
    expect(() => prepareEvents([event(1, bad), event(2, bad)])).toThrow(/Invalid event 0 .*metadata.userId/)
  })
})
