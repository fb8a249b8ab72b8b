/**
 * A large append on the writer thread goes in chunks (`APPEND_CHUNK` events a message, the event loop run between
 * them) inside one transaction: all or nothing, the revision checked once under the write lock, other appends
 * served after it, this thread's own writes waiting for it without holding the loop.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ev } from '../src/contract.ts'
import type { EventStore, NewEvent } from '../src/port.ts'
import { APPEND_CHUNK, chunkCounters, createSqliteStore } from '../src/sqlite.ts'

const N = APPEND_CHUNK * 3 + 100
const batch = (prefix: string, n = N): NewEvent[] => Array.from({ length: n }, (_, i) => ev(`${prefix}${i}`, { i }))
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

let dir: string
let file: string
let store: EventStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'finance-sqlite-chunks-'))
  file = join(dir, 'finance.sqlite')
  store = createSqliteStore({ file, writer: 'thread' })
})

afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a chunked append on the writer thread', () => {
  it('lets the event loop run between its chunks, shows nothing before its commit, then all of it in order', async () => {
    await store.append('other', [ev('Before')], 'no_stream')
    const sent = chunkCounters.messages
    const appended = store.append('big', batch('E'), 'no_stream')
    // One chunk a turn of the loop: after one turn, two of the four are sent and nothing is committed.
    await turn()
    expect(chunkCounters.messages - sent).toBe(2)
    expect(await store.streamRevision('big')).toBeNull()
    expect((await store.readAll({ maxCount: 10 })).events.map((e) => e.type)).toEqual(['Before'])
    expect(await appended).toEqual({ nextExpectedRevision: BigInt(N - 1), position: BigInt(N + 1) })
    const events = await store.readStream('big')
    expect(events.map((e) => e.type)).toEqual(batch('E').map((e) => e.type))
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: N }, (_, i) => BigInt(i)))
    expect(events.map((e) => e.position)).toEqual(Array.from({ length: N }, (_, i) => BigInt(i + 2)))
    expect(events[N - 1]!.data).toEqual({ i: N - 1 })
    expect(chunkCounters.messages - sent).toBe(4)
  })

  it('writes nothing when an event of a late chunk is invalid, and the store goes on', async () => {
    const events = batch('E')
    events[N - 10] = ev('Bad', { amount: 10n } as never)
    await expect(store.append('big', events, 'no_stream')).rejects.toMatchObject({
      name: 'InvalidEvent',
      index: N - 10,
    })
    expect(await store.streamRevision('big')).toBeNull()
    expect(await store.headPosition()).toBe(0n)
    expect(await store.append('big', [ev('A')], 'no_stream')).toEqual({ nextExpectedRevision: 0n, position: 1n })
  })

  it('writes nothing when the database refuses a row of a middle chunk, and the chunks after it are dropped', async () => {
    await store.append('other', [ev('Before')], 'no_stream')
    const db = new DatabaseSync(file)
    db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.type = 'Boom'
             BEGIN SELECT RAISE(ABORT, 'refused row'); END`)
    db.close()
    const events = batch('E')
    events[APPEND_CHUNK + 7] = ev('Boom')
    const other = store.append('after', [ev('After')], 'no_stream')
    await expect(store.append('big', events, 'no_stream')).rejects.toThrow('refused row')
    expect(await other).toMatchObject({ nextExpectedRevision: 0n })
    expect(await store.streamRevision('big')).toBeNull()
    // A whole append of the same stream right after: the writer is free and the stream starts at revision 0.
    expect(await store.append('big', batch('F', 20), 'no_stream')).toMatchObject({ nextExpectedRevision: 19n })
    expect((await store.readStream('big')).map((e) => e.type)).toEqual(batch('F', 20).map((e) => e.type))
    expect(await store.headPosition()).toBe(22n)
  })

  it('serves appends to other streams, whole or chunked, after it without interleaving their rows', async () => {
    const big = store.append('big', batch('E'), 'no_stream')
    await turn()
    const small = store.append('small', [ev('S')], 'no_stream')
    const second = store.append('second', batch('G'), 'no_stream')
    const results = await Promise.all([big, small, second])
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([BigInt(N - 1), 0n, BigInt(N - 1)])
    const all = (await store.readAll({ maxCount: 2 * N + 10 })).events
    expect(all).toHaveLength(2 * N + 1)
    for (const stream of ['big', 'second']) {
      const positions = all.filter((e) => e.streamId === stream).map((e) => Number(e.position))
      // One block of consecutive positions, in revision order.
      expect(positions).toEqual(Array.from({ length: N }, (_, i) => positions[0]! + i))
    }
    expect(all.find((e) => e.streamId === 'small')!.position).toBe(BigInt(N + 1))
  })

  it('checks the expected revision once for the whole append: a stale one or a lost race writes nothing', async () => {
    await store.append('big', [ev('A'), ev('B')], 'no_stream')
    await expect(store.append('big', batch('E'), 0n)).rejects.toMatchObject({
      name: 'WrongExpectedVersion',
      actual: 1n,
    })
    expect(await store.streamRevision('big')).toBe(1n)
    // Two chunked appends decided on the same revision: one is written whole, the other refused whole.
    const results = await Promise.allSettled([store.append('big', batch('X'), 1n), store.append('big', batch('Y'), 1n)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { name: 'WrongExpectedVersion', actual: BigInt(N + 1) },
    })
    const types = (await store.readStream('big')).map((e) => e.type)
    const winner = results[0]!.status === 'fulfilled' ? 'X' : 'Y'
    expect(types).toEqual(['A', 'B', ...batch(winner).map((e) => e.type)])
  })

  it("makes this thread's own writes wait for it instead of running into its lock", async () => {
    await store.close()
    // A short busy timeout: a write of this thread that ran into the open transaction would fail after it.
    store = createSqliteStore({ file, writer: 'thread', busyTimeoutMs: 500 })
    const appended = store.append('big', batch('E'), 'no_stream')
    // This thread spins (sends no further chunk) until the writer thread holds the append's transaction open.
    const probe = new DatabaseSync(file, { timeout: 0 })
    const locked = () => {
      try {
        probe.exec('BEGIN IMMEDIATE')
        probe.exec('ROLLBACK')
        return false
      } catch {
        return true
      }
    }
    for (const giveUp = Date.now() + 30_000; !locked() && Date.now() < giveUp; );
    expect(locked()).toBe(true)
    probe.close()
    const [, counted] = await Promise.all([
      store.secrets.put('k', 'v'),
      store.counters.increment('rate', 60_000, 1_000),
      store.counters.reset('none'),
    ])
    expect(counted).toEqual({ value: 1, expiresAt: 61_000 })
    expect(await store.secrets.get('k')).toBe('v')
    expect((await appended).nextExpectedRevision).toBe(BigInt(N - 1))
  })
})
