/**
 * The shared contract suite: every adapter runs exactly these tests (`test/<adapter>.test.ts`).
 * Every test writes under its own stream prefix, so the suite also works against a store whose global log is
 * shared with other writers (KurrentDB); tests that need an empty log run only when `sharedLog` is false.
 *
 * Import it from tests only (`@finance/event-store/contract.ts`): it depends on Vitest.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eachOfLog, eachOfStreams, readAllDataPages, readAllPages, streamPartition, streamRanges } from './common.ts'
import {
  type EventMetadata,
  type EventStore,
  InvalidEvent,
  type Json,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  WrongExpectedVersion,
} from './port.ts'

export interface ContractOptions {
  /** The global log may contain other writers' events (KurrentDB system events, parallel runs). */
  readonly sharedLog?: boolean
  /** Expected `info().kind`. */
  readonly kind?: 'sqlite' | 'postgres' | 'kurrentdb' | 'memory'
}

export type StoreFactory = () => Promise<{ store: EventStore; cleanup(): Promise<void> }>

const meta = (extra: Record<string, Json> = {}): EventMetadata => ({
  userId: 'user-1',
  correlationId: randomUUID(),
  createdAt: '2026-01-31T10:00:00.000Z',
  ...extra,
})

export const ev = (type: string, data: Json = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
  type,
  schemaVersion: 1,
  data,
  metadata: meta(),
  ...extra,
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting for a condition')
    await sleep(5)
  }
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (err) {
    return err
  }
  throw new Error('Expected the promise to reject')
}

export function describeEventStoreContract(name: string, factory: StoreFactory, options: ContractOptions = {}): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore
    let cleanup: () => Promise<void>
    /** A fresh stream-id prefix per call, so tests never see each other's streams. */
    const prefix = () => `t${randomUUID().slice(0, 8)}-`
    const readAllOf = async (p: string, o: { maxCount?: number } = {}) =>
      (await store.readAll({ streamPrefixes: [p], maxCount: o.maxCount ?? 10_000 })).events

    beforeAll(async () => {
      ;({ store, cleanup } = await factory())
    })
    afterAll(async () => {
      await store?.close()
      await cleanup?.()
    })

    describe('append and expected revision', () => {
      it('no_stream creates a stream and rejects a second no_stream without writing', async () => {
        const s = `${prefix()}a`
        const r = await store.append(s, [ev('Opened', { n: 1 })], 'no_stream')
        expect(r.nextExpectedRevision).toBe(0n)
        expect(typeof r.position).toBe('bigint')
        expect(r.position).toBeGreaterThan(0n)
        const err = await rejection(store.append(s, [ev('Opened', { n: 2 })], 'no_stream'))
        expect(err).toBeInstanceOf(WrongExpectedVersion)
        expect((err as WrongExpectedVersion).actual).toBe(0n)
        expect((err as WrongExpectedVersion).streamId).toBe(s)
        const events = await store.readStream(s)
        expect(events.map((e) => e.data)).toEqual([{ n: 1 }])
      })

      it('an exact revision appends after it; a stale one fails with WrongExpectedVersion and writes nothing', async () => {
        const s = `${prefix()}a`
        await store.append(s, [ev('A')], 'no_stream')
        const r1 = await store.append(s, [ev('B'), ev('C')], 0n)
        expect(r1.nextExpectedRevision).toBe(2n)
        const head = await store.headPosition()
        const err = await rejection(store.append(s, [ev('D')], 0n))
        expect(err).toBeInstanceOf(WrongExpectedVersion)
        expect((err as WrongExpectedVersion).expected).toBe(0n)
        expect((err as WrongExpectedVersion).actual).toBe(2n)
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C'])
        if (!options.sharedLog) expect(await store.headPosition()).toBe(head)
        expect((await store.append(s, [ev('D')], 2n)).nextExpectedRevision).toBe(3n)
      })

      it('an exact revision on a missing stream fails; a too-high revision fails', async () => {
        const s = `${prefix()}a`
        const missing = await rejection(store.append(s, [ev('A')], 0n))
        expect(missing).toBeInstanceOf(WrongExpectedVersion)
        expect((missing as WrongExpectedVersion).actual).toBeNull()
        await store.append(s, [ev('A')], 'no_stream')
        expect(await rejection(store.append(s, [ev('B')], 5n))).toBeInstanceOf(WrongExpectedVersion)
        expect(await store.streamRevision(s)).toBe(0n)
      })

      it('any appends to a new and to an existing stream', async () => {
        const s = `${prefix()}a`
        expect((await store.append(s, [ev('A')], 'any')).nextExpectedRevision).toBe(0n)
        expect((await store.append(s, [ev('B')], 'any')).nextExpectedRevision).toBe(1n)
      })

      it('stream_exists fails on a missing stream and succeeds on an existing one', async () => {
        const s = `${prefix()}a`
        const err = await rejection(store.append(s, [ev('A')], 'stream_exists'))
        expect(err).toBeInstanceOf(WrongExpectedVersion)
        expect(await store.streamRevision(s)).toBeNull()
        await store.append(s, [ev('A')], 'no_stream')
        expect((await store.append(s, [ev('B')], 'stream_exists')).nextExpectedRevision).toBe(1n)
      })

      it('an empty batch only checks the expectation', async () => {
        const s = `${prefix()}a`
        expect((await store.append(s, [], 'no_stream')).nextExpectedRevision).toBe(-1n)
        expect(await store.streamRevision(s)).toBeNull()
        const w = await store.append(s, [ev('A')], 'no_stream')
        const r = await store.append(s, [], 0n)
        expect(r.nextExpectedRevision).toBe(0n)
        expect(r.position).toBe(w.position)
        expect(await rejection(store.append(s, [], 'no_stream'))).toBeInstanceOf(WrongExpectedVersion)
        expect(await store.readStream(s)).toHaveLength(1)
      })

      it('a batch gets consecutive revisions and increasing positions, atomically', async () => {
        const s = `${prefix()}a`
        const r = await store.append(s, [ev('A'), ev('B'), ev('C')], 'no_stream')
        const events = await store.readStream(s)
        expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n])
        expect(events[2]!.position).toBe(r.position)
        expect(events[0]!.position < events[1]!.position && events[1]!.position < events[2]!.position).toBe(true)
        // A batch whose last event is bad writes none of the batch.
        const bad = ev('D', { f: (() => 1) as unknown as Json })
        const err = await rejection(store.append(s, [ev('D'), ev('E'), bad], 2n))
        expect(err).toBeInstanceOf(InvalidEvent)
        expect((err as InvalidEvent).index).toBe(2)
        expect(await store.streamRevision(s)).toBe(2n)
        // A stale batch writes none of the batch.
        expect(await rejection(store.append(s, [ev('D'), ev('E')], 1n))).toBeInstanceOf(WrongExpectedVersion)
        expect(await store.readStream(s)).toHaveLength(3)
      })

      it('positions follow commit order across streams', async () => {
        const p = prefix()
        const a = await store.append(`${p}a`, [ev('A')], 'no_stream')
        const b = await store.append(`${p}b`, [ev('B')], 'no_stream')
        const c = await store.append(`${p}a`, [ev('C')], 0n)
        expect(a.position < b.position && b.position < c.position).toBe(true)
        expect((await readAllOf(p)).map((e) => e.type)).toEqual(['A', 'B', 'C'])
      })
    })

    describe('bad input', () => {
      const cyclic: Record<string, unknown> = { a: 1 }
      cyclic.self = cyclic
      const cases: [string, () => NewEvent][] = [
        ['an empty type', () => ev('')],
        ['a blank type', () => ev('   ')],
        ['a type starting with $', () => ev('$Internal')],
        ['a function in data', () => ev('A', { f: (() => 1) as unknown as Json })],
        ['a bigint in data', () => ev('A', { amount: 12n as unknown as Json })],
        ['NaN in data', () => ev('A', { x: Number.NaN })],
        ['Infinity in data', () => ev('A', { x: Number.POSITIVE_INFINITY })],
        ['-Infinity nested in an array', () => ev('A', { xs: [1, Number.NEGATIVE_INFINITY] })],
        ['a cycle in data', () => ev('A', cyclic as unknown as Json)],
        ['undefined data', () => ({ ...ev('A'), data: undefined as unknown as Json })],
        ['an undefined property', () => ev('A', { x: undefined as unknown as Json })],
        ['a Date instance', () => ev('A', { at: new Date() as unknown as Json })],
        ['a Map instance', () => ev('A', new Map() as unknown as Json)],
        ['a symbol', () => ev('A', { s: Symbol('x') as unknown as Json })],
        ['schemaVersion 0', () => ev('A', {}, { schemaVersion: 0 })],
        ['a fractional schemaVersion', () => ev('A', {}, { schemaVersion: 1.5 })],
        ['a malformed eventId', () => ev('A', {}, { eventId: 'not-a-uuid' })],
        [
          'metadata without userId',
          () =>
            ev('A', {}, { metadata: { correlationId: 'c', createdAt: '2026-01-31T10:00:00.000Z' } as EventMetadata }),
        ],
        ['metadata with a bad createdAt', () => ev('A', {}, { metadata: { ...meta(), createdAt: 'yesterday' } })],
        ['a bigint in metadata', () => ev('A', {}, { metadata: { ...meta(), n: 1n as unknown as Json } })],
      ]
      for (const [what, make] of cases) {
        it(`rejects ${what} with InvalidEvent and writes nothing`, async () => {
          const s = `${prefix()}bad`
          const before = options.sharedLog ? null : await store.headPosition()
          const err = await rejection(store.append(s, [ev('Good'), make()], 'any'))
          expect(err).toBeInstanceOf(InvalidEvent)
          expect((err as InvalidEvent).index).toBe(1)
          expect((err as Error).message).toMatch(/Invalid event 1/)
          expect(await store.readStream(s)).toEqual([])
          expect(await store.streamRevision(s)).toBeNull()
          if (before !== null) expect(await store.headPosition()).toBe(before)
        })
      }

      it('names the offending path in the message', async () => {
        const err = await rejection(
          store.append(`${prefix()}bad`, [ev('A', { items: [{ amount: 5n as never }] })], 'any'),
        )
        expect((err as Error).message).toContain('data.items[0].amount is a bigint')
      })

      it('rejects an empty stream id and a malformed expected revision', async () => {
        expect(await rejection(store.append('', [ev('A')], 'any'))).toBeInstanceOf(InvalidEvent)
        expect(await rejection(store.append('$system', [ev('A')], 'any'))).toBeInstanceOf(InvalidEvent)
        expect(await rejection(store.append(`${prefix()}x`, [ev('A')], -1n))).toBeInstanceOf(InvalidEvent)
        expect(await rejection(store.append(`${prefix()}x`, [ev('A')], 3 as never))).toBeInstanceOf(InvalidEvent)
      })
    })

    describe('round trip', () => {
      it('stores every field faithfully, with bigint revisions and positions', async () => {
        const s = `${prefix()}rt`
        const eventId = randomUUID()
        const data: Json = {
          amount: '1234.50',
          nested: { list: [1, 2.5, -3, 0, true, false, null, 'x'], empty: {}, none: [] },
          text: 'Zażółć gęślą jaźń "quoted" \\ back\nslash \u2028 🙂',
          big: 9007199254740991,
        }
        const metadata = meta({ causationId: 'cause-1', ip: '127.0.0.1', extra: { n: 1 } })
        const r = await store.append(
          s,
          [{ eventId, type: 'IncomeRecorded', schemaVersion: 3, data, metadata }],
          'no_stream',
        )
        const [e] = await store.readStream(s)
        expect(e).toEqual({
          streamId: s,
          revision: 0n,
          position: r.position,
          eventId,
          type: 'IncomeRecorded',
          schemaVersion: 3,
          data,
          metadata,
        })
        expect(typeof e!.revision).toBe('bigint')
        expect(typeof e!.position).toBe('bigint')
        const [viaAll] = await readAllOf(s)
        expect(viaAll).toEqual(e)
      })

      it('generates a uuid event id when none is given', async () => {
        const s = `${prefix()}id`
        await store.append(s, [ev('A'), ev('B')], 'no_stream')
        const ids = (await store.readStream(s)).map((e) => e.eventId)
        for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
        expect(ids[0]).not.toBe(ids[1])
      })

      it('accepts data that is an array, a string or null', async () => {
        const s = `${prefix()}shapes`
        await store.append(s, [ev('A', [1, 'a']), ev('B', 'text'), ev('C', null)], 'no_stream')
        expect((await store.readStream(s)).map((e) => e.data)).toEqual([[1, 'a'], 'text', null])
      })
    })

    describe('readStream', () => {
      let s: string
      beforeAll(async () => {
        s = `${prefix()}rs`
        await store.append(
          s,
          ['A', 'B', 'C', 'D', 'E'].map((t) => ev(t)),
          'no_stream',
        )
      })
      const types = (es: StoredEvent[]) => es.map((e) => e.type).join('')

      it('reads forwards from the start, from a revision and up to maxCount', async () => {
        expect(types(await store.readStream(s))).toBe('ABCDE')
        expect(types(await store.readStream(s, { fromRevision: 2n }))).toBe('CDE')
        expect(types(await store.readStream(s, { fromRevision: 1n, maxCount: 2 }))).toBe('BC')
        expect(types(await store.readStream(s, { fromRevision: 5n }))).toBe('')
      })

      it('reads backwards from the end and from a revision', async () => {
        expect(types(await store.readStream(s, { direction: 'backwards' }))).toBe('EDCBA')
        expect(types(await store.readStream(s, { direction: 'backwards', maxCount: 2 }))).toBe('ED')
        expect(types(await store.readStream(s, { direction: 'backwards', fromRevision: 2n }))).toBe('CBA')
        expect(types(await store.readStream(s, { direction: 'backwards', fromRevision: 1n, maxCount: 1 }))).toBe('B')
      })

      it('yields nothing for an unknown stream, and reports revisions', async () => {
        expect(await store.readStream(`${prefix()}none`)).toEqual([])
        expect(await store.readStream(`${prefix()}none`, { direction: 'backwards' })).toEqual([])
        expect(await store.streamRevision(`${prefix()}none`)).toBeNull()
        expect(await store.streamRevision(s)).toBe(4n)
      })

      it('does not confuse streams sharing a prefix', async () => {
        const p = prefix()
        await store.append(`${p}x`, [ev('A')], 'no_stream')
        await store.append(`${p}x-2`, [ev('B')], 'no_stream')
        expect(types(await store.readStream(`${p}x`))).toBe('A')
      })
    })

    describe('readAll and iterateAll', () => {
      let p: string
      let all: readonly StoredEvent[]
      beforeAll(async () => {
        p = prefix()
        // 3 streams in two families, 4 event types, interleaved.
        for (let i = 0; i < 12; i++) {
          const stream = i % 3 === 0 ? `${p}books-1` : i % 3 === 1 ? `${p}books-2` : `${p}user-1`
          await store.append(stream, [ev(`T${i % 4}`, { i })], 'any')
        }
        all = await readAllOf(p)
      })
      const ids = (es: readonly StoredEvent[]) => es.map((e) => (e.data as { i: number }).i)

      it('reads the whole filtered log in commit order', () => {
        expect(ids(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        for (let i = 1; i < all.length; i++) expect(all[i]!.position > all[i - 1]!.position).toBe(true)
      })

      it('pages forwards with next, exclusive of after, ending with null', async () => {
        const seen: StoredEvent[] = []
        let after = 0n
        let pages = 0
        for (;;) {
          const page = await store.readAll({ after, maxCount: 5, streamPrefixes: [p] })
          pages++
          expect(page.events.length).toBeLessThanOrEqual(5)
          seen.push(...page.events)
          if (page.next === null) break
          expect(page.next).toBe(page.events[page.events.length - 1]!.position)
          after = page.next
        }
        expect(pages).toBe(3)
        expect(seen).toEqual(all)
        const fromMiddle = await store.readAll({ after: all[4]!.position, streamPrefixes: [p] })
        expect(ids(fromMiddle.events)).toEqual([5, 6, 7, 8, 9, 10, 11])
        expect(fromMiddle.next).toBeNull()
        expect((await store.readAll({ after: all[11]!.position, streamPrefixes: [p] })).events).toEqual([])
      })

      it('an exactly full last page still ends with null', async () => {
        const page = await store.readAll({ maxCount: 12, streamPrefixes: [p] })
        expect(page.events).toHaveLength(12)
        expect(page.next).toBeNull()
      })

      it('pages backwards with before', async () => {
        const seen: StoredEvent[] = []
        let before: bigint | undefined
        for (;;) {
          const page = await store.readAll({ direction: 'backwards', before, maxCount: 5, streamPrefixes: [p] })
          seen.push(...page.events)
          if (page.next === null) break
          before = page.next
        }
        expect(seen).toEqual([...all].reverse())
        const upTo = await store.readAll({ direction: 'backwards', before: all[3]!.position, streamPrefixes: [p] })
        expect(ids(upTo.events)).toEqual([2, 1, 0])
      })

      it('filters by stream prefixes and event types, forwards and backwards', async () => {
        const books = await store.readAll({ streamPrefixes: [`${p}books-`] })
        expect(ids(books.events)).toEqual([0, 1, 3, 4, 6, 7, 9, 10])
        const two = await store.readAll({ streamPrefixes: [`${p}books-2`, `${p}user-`] })
        expect(ids(two.events)).toEqual([1, 2, 4, 5, 7, 8, 10, 11])
        const typed = await store.readAll({ streamPrefixes: [p], eventTypes: ['T1', 'T3'] })
        expect(ids(typed.events)).toEqual([1, 3, 5, 7, 9, 11])
        const both = await store.readAll({ streamPrefixes: [`${p}user-`], eventTypes: ['T0', 'T1'] })
        expect(ids(both.events)).toEqual([5, 8])
        const back = await store.readAll({
          direction: 'backwards',
          streamPrefixes: [`${p}books-1`],
          eventTypes: ['T0', 'T2'],
        })
        expect(ids(back.events)).toEqual([6, 0])
        const paged = await store.readAll({ streamPrefixes: [`${p}books-`], eventTypes: ['T0'], maxCount: 1 })
        expect(ids(paged.events)).toEqual([0])
        expect(paged.next).toBe(all[0]!.position)
        const rest = await store.readAll({ streamPrefixes: [`${p}books-`], eventTypes: ['T0'], after: paged.next! })
        expect(ids(rest.events)).toEqual([4])
        expect((await store.readAll({ streamPrefixes: [`${p}nothing`] })).events).toEqual([])
        expect((await store.readAll({ streamPrefixes: [p], eventTypes: ['Nope'] })).events).toEqual([])
      })

      it('treats prefix characters literally (no LIKE wildcards)', async () => {
        const q = prefix()
        await store.append(`${q}a%b`, [ev('A', { i: 1 })], 'any')
        await store.append(`${q}axb`, [ev('A', { i: 2 })], 'any')
        await store.append(`${q}a_b`, [ev('A', { i: 3 })], 'any')
        expect(ids((await store.readAll({ streamPrefixes: [`${q}a%`] })).events)).toEqual([1])
        expect(ids((await store.readAll({ streamPrefixes: [`${q}a_`] })).events)).toEqual([3])
      })

      it('iterateAll yields the same sequence whatever the page size', async () => {
        for (const maxCount of [1, 2, 5, 12, 1000]) {
          const got: StoredEvent[] = []
          for await (const e of store.iterateAll({ streamPrefixes: [p], maxCount })) got.push(e)
          expect(got).toEqual(all)
        }
        const typed: StoredEvent[] = []
        for await (const e of store.iterateAll({
          streamPrefixes: [p],
          eventTypes: ['T2'],
          maxCount: 1,
          after: all[2]!.position,
        })) {
          typed.push(e)
        }
        expect(ids(typed)).toEqual([6, 10])
      })

      it('readAllPages yields the same sequence in pages of at most maxCount', async () => {
        const pages: (readonly StoredEvent[])[] = []
        for await (const page of readAllPages(store, { streamPrefixes: [p], maxCount: 5 })) pages.push(page)
        expect(pages.map((page) => page.length)).toEqual([5, 5, 2])
        expect(pages.flat()).toEqual(all)
        const none: unknown[] = []
        for await (const page of readAllPages(store, { streamPrefixes: [`${p}nothing`] })) none.push(page)
        expect(none).toEqual([])
        // An upper bound keeps a multi-page read to one snapshot of the log, whatever is appended meanwhile.
        const bounded: StoredEvent[] = []
        for await (const page of readAllPages(store, { streamPrefixes: [p], maxCount: 3, before: all[7]!.position }))
          bounded.push(...page)
        expect(bounded).toEqual(all.slice(0, 7))
      })

      it('rejects a bad page size', async () => {
        await expect(store.readAll({ maxCount: 0 })).rejects.toThrow(RangeError)
      })

      it('splits the log into stream partitions: disjoint, complete, in commit order, a stream never split', async () => {
        const q = prefix()
        // Last characters: hex digits as in uuid-based ids, a non-ASCII letter and a character outside the BMP.
        const endings = ['0', '7', 'a', 'f', '9', 'ż', '😀', 'B']
        for (let i = 0; i < 24; i++) await store.append(`${q}s-${endings[i % endings.length]}`, [ev('P', { i })], 'any')
        const whole = (await store.readAll({ streamPrefixes: [q], maxCount: 100 })).events
        expect(whole).toHaveLength(24)
        for (const count of [1, 2, 3, 4, 7]) {
          const parts: StoredEvent[][] = []
          for (let index = 0; index < count; index++) {
            const got: StoredEvent[] = []
            for await (const page of readAllPages(store, {
              streamPrefixes: [q],
              partition: { count, index },
              maxCount: 2,
            }))
              got.push(...page)
            for (const e of got) expect(streamPartition(e.streamId, count)).toBe(index)
            for (let i = 1; i < got.length; i++) expect(got[i]!.position > got[i - 1]!.position).toBe(true)
            parts.push(got)
          }
          const union = parts.flat().sort((a, b) => (a.position < b.position ? -1 : 1))
          expect(union).toEqual(whole)
        }
        // The database computes the same partition as `streamPartition`: '😀' is U+1F600 (even), 'ż' U+017C (even).
        const odd = (await store.readAll({ streamPrefixes: [q], partition: { count: 2, index: 1 } })).events
        expect(new Set(odd.map((e) => e.streamId.slice(q.length)))).toEqual(new Set(['s-7', 's-a', 's-9']))
        const backwards = await store.readAll({
          streamPrefixes: [q],
          partition: { count: 2, index: 1 },
          direction: 'backwards',
        })
        expect(backwards.events).toEqual([...odd].reverse())
      })

      it('readAllData gives the same events, order, paging and filters without ids and metadata', async () => {
        const data = (es: readonly StoredEvent[]) =>
          es.map(({ streamId, revision, position, type, schemaVersion, data }) => ({
            streamId,
            revision,
            position,
            type,
            schemaVersion,
            data,
          }))
        const pick = (es: readonly object[]) => data(es as StoredEvent[])
        const pages: (readonly object[])[] = []
        for await (const page of readAllDataPages(store, { streamPrefixes: [p], maxCount: 5 })) pages.push(page)
        expect(pages.map((page) => page.length)).toEqual([5, 5, 2])
        expect(pick(pages.flat())).toEqual(data(all))
        const filtered = { streamPrefixes: [`${p}books-`], eventTypes: ['T0', 'T3'], maxCount: 2 }
        const full = await store.readAll(filtered)
        const lean = await store.readAllData(filtered)
        expect(pick(lean.events)).toEqual(data(full.events))
        expect(lean.next).toBe(full.next)
        const backwards = { streamPrefixes: [p], direction: 'backwards', partition: { count: 2, index: 1 } } as const
        expect(pick((await store.readAllData(backwards)).events)).toEqual(data((await store.readAll(backwards)).events))
        await expect(store.readAllData({ maxCount: 0 })).rejects.toThrow(RangeError)
      })

      it('eachOfLog (through readAllEach, or readAllData without it) visits the same events, in order, by page', async () => {
        const seen = (es: readonly StoredEvent[]) => es.map((e) => [e.streamId, e.type, e.schemaVersion, e.data])
        const visit = async (o: Omit<ReadAllOptions, 'direction'>) => {
          const events: unknown[][] = []
          const pages: number[] = []
          await eachOfLog(
            store,
            o,
            (streamId, type, schemaVersion, data) => events.push([streamId, type, schemaVersion, data]),
            (n) => {
              pages.push(n)
            },
          )
          return { events, pages }
        }
        const whole = await visit({ streamPrefixes: [p], maxCount: 5 })
        expect(whole.pages).toEqual([5, 5, 2])
        expect(whole.events).toEqual(seen(all))
        const bounded = { streamPrefixes: [p], partition: { count: 2, index: 1 }, before: all[9]!.position } as const
        const expected: StoredEvent[] = []
        for await (const page of readAllPages(store, bounded)) expected.push(...page)
        expect((await visit(bounded)).events).toEqual(seen(expected))
        expect((await visit({ streamPrefixes: [`${p}nothing`] })).pages).toEqual([])
      })

      it('readStreamsEach (where the store has it) hands over each stream whole, in revision order, by page', async (ctx) => {
        const each = store.readStreamsEach?.bind(store)
        const list = store.listStreams?.bind(store)
        if (each === undefined || list === undefined) {
          ctx.skip()
          return
        }
        const q = prefix()
        const endings = ['0', '7', 'a', 'ż', '😀', 'B']
        // Interleaved in commit order: every stream's events are spread over the log.
        for (let i = 0; i < 30; i++) await store.append(`${q}s-${endings[i % endings.length]}`, [ev('P', { i })], 'any')
        const head = await store.headPosition()
        const streamsOf = async (before: bigint) => {
          const byStream = new Map<string, unknown[]>()
          for (const e of (await store.readAll({ streamPrefixes: [q], maxCount: 100 })).events)
            if (e.position < before) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.data])
          return byStream
        }
        for (const [runs, before] of [
          [1, head + 1n],
          [2, head + 1n],
          [5, head - 7n],
        ] as const) {
          const whole = await streamsOf(before)
          const ids = await list({ before })
          // Every stream with an event below the bound, in the order they are read, each once.
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.filter((id) => id.startsWith(q)).sort()).toEqual([...whole.keys()].sort())
          const order: string[] = []
          const seen = new Map<string, unknown[]>()
          for (const streams of streamRanges(ids, runs)) {
            const pages: number[] = []
            await eachOfStreams(
              store,
              { streams, before, maxCount: 4 },
              (streamId, type, schemaVersion, data) => {
                if (order[order.length - 1] !== streamId) {
                  // A stream never comes back once another has begun, nor in another run.
                  expect(order).not.toContain(streamId)
                  order.push(streamId)
                }
                if (!streamId.startsWith(q)) return
                expect([type, schemaVersion]).toEqual(['P', 1])
                seen.set(streamId, [...(seen.get(streamId) ?? []), data])
              },
              (n) => {
                pages.push(n)
              },
            )
            // Pages of at most 4, every one but the last full.
            expect(pages.slice(0, -1).every((n) => n === 4)).toBe(true)
          }
          // The runs together read every listed stream, in the listed order.
          expect(order).toEqual(ids.filter((id) => order.includes(id)))
          expect(seen).toEqual(whole)
        }
        // A page that stops inside a stream goes on after its last event; a snapshot's bound holds across pages.
        const ids: string[] = []
        const cursor = await each({ before: head + 1n, maxCount: 1 }, (id) => ids.push(id))
        expect(ids).toHaveLength(1)
        expect(cursor).toEqual({ streamId: ids[0], revision: 0 })
        await store.append(`${q}s-late`, [ev('P', { late: true })], 'any')
        for (let at = cursor; at !== null; ) at = await each({ after: at, before: head + 1n }, (id) => ids.push(id))
        expect(ids).not.toContain(`${q}s-late`)
        expect(ids.filter((id) => id.startsWith(q))).toHaveLength(30)
        expect(await list({ before: head + 1n })).not.toContain(`${q}s-late`)
        expect(await list()).toContain(`${q}s-late`)
        await expect(each({ maxCount: 0 }, () => {})).rejects.toThrow(RangeError)
      })

      it('cuts stream ids into runs that cover them all, each once', () => {
        const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
        expect(streamRanges(ids, 3)).toEqual([
          { after: null, upTo: 'b' },
          { after: 'b', upTo: 'd' },
          { after: 'd', upTo: null },
        ])
        expect(streamRanges(ids, 1)).toEqual([{ after: null, upTo: null }])
        expect(streamRanges(['a', 'b'], 5)).toEqual([
          { after: null, upTo: 'a' },
          { after: 'a', upTo: null },
        ])
        expect(streamRanges([], 4)).toEqual([{ after: null, upTo: null }])
      })

      it('rejects a bad partition', async () => {
        await expect(store.readAll({ partition: { count: 0, index: 0 } })).rejects.toThrow(RangeError)
        await expect(store.readAll({ partition: { count: 2, index: 2 } })).rejects.toThrow(RangeError)
        await expect(store.readAll({ partition: { count: 2.5, index: 0 } })).rejects.toThrow(RangeError)
      })
    })

    describe('subscribe', () => {
      it('catches up, then delivers live events in order, and stops on close', async () => {
        const p = prefix()
        await store.append(`${p}a`, [ev('A', { i: 0 }), ev('A', { i: 1 })], 'no_stream')
        const got: number[] = []
        const sub = store.subscribe({ streamPrefixes: [p], pollMs: 20 }, (e) => {
          got.push((e.data as { i: number }).i)
        })
        await until(() => got.length === 2)
        await store.append(`${p}b`, [ev('B', { i: 2 })], 'no_stream')
        await store.append(`${p}a`, [ev('A', { i: 3 }), ev('A', { i: 4 })], 1n)
        await until(() => got.length === 5)
        expect(got).toEqual([0, 1, 2, 3, 4])
        await sub.close()
        await store.append(`${p}a`, [ev('A', { i: 5 })], 3n)
        await sleep(100)
        expect(got).toEqual([0, 1, 2, 3, 4])
      })

      it('starts after a position, filters by type, and awaits an async handler', async () => {
        const p = prefix()
        const first = await store.append(`${p}a`, [ev('A', { i: 0 }), ev('B', { i: 1 })], 'no_stream')
        const got: number[] = []
        let inFlight = 0
        let maxInFlight = 0
        const sub = store.subscribe(
          { after: first.position, streamPrefixes: [p], eventTypes: ['A'], pollMs: 20 },
          async (e) => {
            inFlight++
            maxInFlight = Math.max(maxInFlight, inFlight)
            await sleep(5)
            got.push((e.data as { i: number }).i)
            inFlight--
          },
        )
        await store.append(`${p}a`, [ev('B', { i: 2 }), ev('A', { i: 3 }), ev('A', { i: 4 })], 1n)
        await until(() => got.length === 2)
        await sub.close()
        expect(got).toEqual([3, 4])
        expect(maxInFlight).toBe(1)
      })

      it('stops and reports when the handler throws', async () => {
        const p = prefix()
        await store.append(`${p}a`, [ev('A', { i: 0 }), ev('A', { i: 1 }), ev('A', { i: 2 })], 'no_stream')
        const got: number[] = []
        const errors: unknown[] = []
        const sub = store.subscribe({ streamPrefixes: [p], pollMs: 20, onError: (e) => errors.push(e) }, (e) => {
          const i = (e.data as { i: number }).i
          if (i === 1) throw new Error('boom')
          got.push(i)
        })
        await until(() => errors.length === 1)
        await sleep(60)
        expect(got).toEqual([0])
        expect((errors[0] as Error).message).toBe('boom')
        await sub.close()
      })
    })

    describe('secrets', () => {
      it('gets, puts, overwrites and deletes, outside the log', async () => {
        const key = `${prefix()}password-hash`
        const before = options.sharedLog ? null : await store.headPosition()
        expect(await store.secrets.get(key)).toBeNull()
        await store.secrets.put(key, 'v1')
        expect(await store.secrets.get(key)).toBe('v1')
        await store.secrets.put(key, 'v2 "with" unicode ł')
        expect(await store.secrets.get(key)).toBe('v2 "with" unicode ł')
        await store.secrets.delete(key)
        expect(await store.secrets.get(key)).toBeNull()
        await store.secrets.delete(key) // deleting a missing key is fine
        await store.secrets.put(key, 'v3')
        expect(await store.secrets.get(key)).toBe('v3')
        if (before !== null) expect(await store.headPosition()).toBe(before)
      })

      it('keeps keys apart', async () => {
        const p = prefix()
        await store.secrets.put(`${p}a`, '1')
        await store.secrets.put(`${p}b`, '2')
        expect(await store.secrets.get(`${p}a`)).toBe('1')
        expect(await store.secrets.get(`${p}b`)).toBe('2')
      })

      it('lists every secret by key, where the adapter can (for a backup)', async () => {
        if (store.secrets.entries === undefined) return
        const p = prefix()
        await store.secrets.put(`${p}z`, 'last')
        await store.secrets.put(`${p}m`, 'middle')
        await store.secrets.put(`${p}m`, 'middle again')
        await store.secrets.delete(`${p}gone`)
        const mine = (await store.secrets.entries()).filter(([k]) => k.startsWith(p))
        expect(mine).toEqual([
          [`${p}m`, 'middle again'],
          [`${p}z`, 'last'],
        ])
      })
    })

    describe('deleteStreams', () => {
      it('removes every event of the streams for good, keeps the others and never reuses a position', async () => {
        if (store.deleteStreams === undefined) return
        const p = prefix()
        await store.append(`${p}gone`, [ev('A'), ev('B')], 'no_stream')
        await store.append(`${p}kept`, [ev('C')], 'no_stream')
        const marker = await store.append(`${p}purges`, [ev('Purged')], 'no_stream')
        expect(await store.deleteStreams([`${p}gone`])).toBe(2)
        expect(await store.readStream(`${p}gone`)).toEqual([])
        expect(await store.streamRevision(`${p}gone`)).toBeNull()
        const left = (await store.readAll({ streamPrefixes: [p], maxCount: 100 })).events.map((e) => e.type)
        expect(left).toEqual(['C', 'Purged'])
        // The stream can start again, above every position ever given.
        const again = await store.append(`${p}gone`, [ev('D')], 'no_stream')
        expect(again.position).toBeGreaterThan(marker.position)
      })
    })

    describe('counters', () => {
      it('count up, keep their expiry while alive, start again after it, and reset', async () => {
        const key = `${prefix()}login`
        const before = options.sharedLog ? null : await store.headPosition()
        const t = 1_800_000_000_000
        expect(await store.counters.increment(key, 60_000, t)).toEqual({ value: 1, expiresAt: t + 60_000 })
        expect(await store.counters.increment(key, 60_000, t + 10)).toEqual({ value: 2, expiresAt: t + 60_000 })
        expect(await store.counters.increment(key, 5, t + 59_999)).toEqual({ value: 3, expiresAt: t + 60_000 })
        expect(await store.counters.increment(key, 60_000, t + 60_000)).toEqual({ value: 1, expiresAt: t + 120_000 })
        await store.counters.reset(key)
        expect((await store.counters.increment(key, 1000, t + 60_001)).value).toBe(1)
        await store.counters.reset(`${key}-missing`) // resetting a missing counter is fine
        if (before !== null) expect(await store.headPosition()).toBe(before)
      })

      it('answer a different value to each of many concurrent increments, keys apart', async () => {
        const p = prefix()
        const t = Date.now()
        const values = await Promise.all(
          Array.from({ length: 40 }, (_, i) => store.counters.increment(`${p}${i % 2}`, 60_000, t)),
        )
        for (const k of [0, 1]) {
          const mine = values.filter((_, i) => i % 2 === k).map((v) => v.value)
          expect([...mine].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
        }
        // Without an explicit clock the process clock is used.
        const now = await store.counters.increment(`${p}clock`, 1000)
        expect(now.value).toBe(1)
        expect(Math.abs(now.expiresAt - (Date.now() + 1000))).toBeLessThan(5000)
      })
    })

    describe('head position and info', () => {
      it('headPosition is at least the position of the last append', async () => {
        const r = await store.append(`${prefix()}h`, [ev('A')], 'no_stream')
        const head = await store.headPosition()
        expect(typeof head).toBe('bigint')
        expect(head >= r.position).toBe(true)
        if (!options.sharedLog) expect(head).toBe(r.position)
      })

      it('info names the kind and database', async () => {
        const info = await store.info()
        if (options.kind) expect(info.kind).toBe(options.kind)
        expect(info.database.length).toBeGreaterThan(0)
        if (info.sizeBytes !== null) expect(info.sizeBytes).toBeGreaterThan(0)
      })

      it.skipIf(options.sharedLog)('a fresh store is empty: head 0n, no events, nothing to iterate', async () => {
        const fresh = await factory()
        try {
          expect(await fresh.store.headPosition()).toBe(0n)
          expect(await fresh.store.readAll()).toEqual({ events: [], next: null })
          expect(await fresh.store.readAll({ direction: 'backwards' })).toEqual({ events: [], next: null })
          const it = fresh.store.iterateAll()[Symbol.asyncIterator]()
          expect((await it.next()).done).toBe(true)
          const r = await fresh.store.append('s-1', [ev('A'), ev('B')], 'no_stream')
          expect(r.position).toBe(await fresh.store.headPosition())
          const page = await fresh.store.readAll({ maxCount: 1 })
          expect(page.events).toHaveLength(1)
          expect(page.next).toBe(page.events[0]!.position)
        } finally {
          await fresh.store.close()
          await fresh.cleanup()
        }
      })
    })
  })
}
