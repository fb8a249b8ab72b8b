import { describe, expect, it } from 'vitest'
import { describeEventStoreContract, ev } from '../src/contract.ts'
import { createKurrentStore, kurrentStoreWithClient } from '../src/kurrentdb.ts'
import { WrongExpectedVersion } from '../src/port.ts'
import { createFakeKurrentClient } from './fixtures/fake-kurrent-client.ts'

const url = process.env.KURRENTDB_URL

if (url) {
  // A KurrentDB server is shared by everything that writes to it, so the suite runs in shared-log mode:
  // every test uses its own stream prefix and never assumes an empty $all.
  describeEventStoreContract(
    'kurrentdb',
    async () => ({ store: createKurrentStore({ connectionString: url }), cleanup: async () => {} }),
    { kind: 'kurrentdb', sharedLog: true },
  )
} else {
  describe.skip('EventStore contract: kurrentdb (skipped: set KURRENTDB_URL, e.g. kurrentdb://localhost:2113?tls=false, to run it)', () => {
    it('needs KURRENTDB_URL', () => {})
  })
}

// The adapter's mapping over an in-process stand-in for the client (see the fixture for what it models).
describeEventStoreContract(
  'kurrentdb adapter over a stand-in client',
  async () => {
    const client = createFakeKurrentClient()
    client.systemEvent()
    return { store: kurrentStoreWithClient(client, 'fake:2113'), cleanup: async () => {} }
  },
  { kind: 'kurrentdb', sharedLog: true },
)

describe('KurrentDB mapping specifics (stand-in client)', () => {
  it('hides system events, uses commit positions, and reports the actual revision on conflicts', async () => {
    const client = createFakeKurrentClient()
    const store = kurrentStoreWithClient(client, 'fake:2113')
    client.systemEvent()
    const a = await store.append('books-1', [ev('A'), ev('B')], 'no_stream')
    client.systemEvent()
    const b = await store.append('books-2', [ev('C')], 'no_stream')
    client.systemEvent()
    const all = (await store.readAll()).events
    expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C'])
    expect(all[1]!.position).toBe(a.position)
    expect(all[2]!.position).toBe(b.position)
    expect(all[1]!.position - all[0]!.position).toBeGreaterThan(1n)
    expect(await store.headPosition()).toBe(b.position)
    expect((await store.readAll({ direction: 'backwards' })).events.map((e) => e.type)).toEqual(['C', 'B', 'A'])
    const err = await store.append('books-1', [ev('D')], 0n).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(WrongExpectedVersion)
    expect((err as WrongExpectedVersion).actual).toBe(1n)
    const missing = await store.append('books-9', [ev('D')], 'stream_exists').catch((e: unknown) => e)
    expect((missing as WrongExpectedVersion).actual).toBeNull()
    await store.close()
  })

  it('keeps schemaVersion and our metadata in the event metadata, and secrets out of $all', async () => {
    const client = createFakeKurrentClient()
    const store = kurrentStoreWithClient(client, 'fake:2113')
    await store.append('books-1', [ev('A', { x: 1 }, { schemaVersion: 4 })], 'no_stream')
    const raw = []
    for await (const r of client.readStream('books-1')) raw.push(r.event)
    expect(raw[0]!.metadata).toMatchObject({ $schemaVersion: 4, userId: 'user-1' })
    expect((raw[0]!.metadata as Record<string, unknown>).$correlationId).toBe(
      (raw[0]!.metadata as Record<string, unknown>).correlationId,
    )
    const [stored] = await store.readStream('books-1')
    expect(stored!.schemaVersion).toBe(4)
    expect(stored!.metadata).not.toHaveProperty('$schemaVersion')
    await store.secrets.put('hash-1', 'a')
    await store.secrets.put('hash-1', 'b')
    expect(await store.secrets.get('hash-1')).toBe('b')
    expect((await store.readAll()).events.map((e) => e.type)).toEqual(['A'])
    // $maxCount: 1 leaves only the latest value readable.
    const secretEvents = []
    for await (const r of client.readStream('$finance-secret-hash-1')) secretEvents.push(r.event)
    expect(secretEvents).toHaveLength(1)
    await store.close()
  })
})
