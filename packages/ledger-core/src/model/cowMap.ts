/**
 * A persistent map for the books state: a fixed number of buckets (plain `Map`s) shared between versions. Changing
 * one key in a new version copies the bucket array and that one bucket (about n/64 entries) instead of the whole
 * map, so `evolve` stays cheap on large books while every earlier state stays valid. A draft (`CowDraft`) copies
 * each bucket at most once and then mutates it in place — the hot path of `foldBooks`.
 *
 * Iteration goes bucket by bucket (not in insertion order); callers that need an order sort.
 */

import { PartedMap } from './partedMap.ts'

const BUCKETS = 64

const bucketOf = (key: unknown): number => {
  if (typeof key === 'number') return (key | 0) & (BUCKETS - 1)
  const s = String(key)
  let h = 0
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0
  return h & (BUCKETS - 1)
}

const EMPTY: ReadonlyMap<unknown, unknown> = new Map()

export class CowMap<K, V> extends PartedMap<K, V> {
  /** @internal */
  readonly buckets: readonly ReadonlyMap<K, V>[]
  readonly size: number
  /**
   * The version this one was made from (held weakly: it never keeps a history alive), so a cache of an earlier
   * version can be found and updated instead of rebuilt (`projections/derived.ts`).
   */
  readonly parent: WeakRef<CowMap<K, V>> | null
  constructor(buckets: readonly ReadonlyMap<K, V>[], size: number, parent: WeakRef<CowMap<K, V>> | null = null) {
    super()
    this.buckets = buckets
    this.size = size
    this.parent = parent
  }

  static empty<K, V>(): CowMap<K, V> {
    return new CowMap<K, V>(new Array(BUCKETS).fill(EMPTY) as ReadonlyMap<K, V>[], 0)
  }

  static from<K, V>(entries: Iterable<readonly [K, V]>): CowMap<K, V> {
    const d = CowMap.empty<K, V>().draft()
    for (const [k, v] of entries) d.set(k, v)
    return d.freeze()
  }

  /** `m` itself when it is a `CowMap`, else a `CowMap` of its entries. */
  static of<K, V>(m: ReadonlyMap<K, V>): CowMap<K, V> {
    return m instanceof CowMap ? m : CowMap.from(m)
  }

  protected parts(): readonly ReadonlyMap<K, V>[] {
    return this.buckets
  }
  get(key: K): V | undefined {
    return this.buckets[bucketOf(key)]!.get(key)
  }
  has(key: K): boolean {
    return this.buckets[bucketOf(key)]!.has(key)
  }
  /** A mutable draft starting from this version (which it never changes). */
  draft(): CowDraft<K, V> {
    return new CowDraft(this.buckets.slice(), this.size, this)
  }

  /** Keys whose value differs between `this` and `other` (compares only the buckets the two do not share). */
  changedKeys(other: CowMap<K, V>): K[] {
    const out: K[] = []
    for (let i = 0; i < BUCKETS; i++) {
      const a = this.buckets[i]!
      const b = other.buckets[i]!
      if (a === b) continue
      for (const [k, v] of b) if (a.get(k) !== v) out.push(k)
      for (const k of a.keys()) if (!b.has(k)) out.push(k)
    }
    return out
  }

  /** How many non-empty buckets `this` and `other` share (a cheap measure of how related two versions are). */
  sharedBuckets(other: CowMap<K, V>): number {
    let n = 0
    for (let i = 0; i < BUCKETS; i++) if (this.buckets[i] === other.buckets[i] && this.buckets[i]!.size > 0) n++
    return n
  }
}

export class CowDraft<K, V> {
  private readonly owned: boolean[] = new Array(BUCKETS).fill(false)
  private buckets: ReadonlyMap<K, V>[]
  private count: number
  /** The version this draft equals while it has no changes: `freeze` then returns it instead of a new map. */
  private source: CowMap<K, V> | null
  /** The last version of this draft's line (where it started, then each version it froze): the next one's parent. */
  private previous: CowMap<K, V> | null
  constructor(buckets: ReadonlyMap<K, V>[], count: number, source: CowMap<K, V> | null = null) {
    this.buckets = buckets
    this.count = count
    this.source = source
    this.previous = source
  }

  get size(): number {
    return this.count
  }
  get(key: K): V | undefined {
    return this.buckets[bucketOf(key)]!.get(key)
  }
  has(key: K): boolean {
    return this.buckets[bucketOf(key)]!.has(key)
  }
  keys(): IterableIterator<K> {
    return new CowMap(this.buckets, this.count).keys()
  }

  private own(i: number): Map<K, V> {
    this.source = null
    if (!this.owned[i]) {
      this.buckets[i] = new Map(this.buckets[i]!)
      this.owned[i] = true
    }
    return this.buckets[i] as Map<K, V>
  }

  set(key: K, value: V): void {
    const i = bucketOf(key)
    const b = this.own(i)
    const before = b.size
    b.set(key, value)
    this.count += b.size - before
  }

  delete(key: K): void {
    const i = bucketOf(key)
    if (!this.buckets[i]!.has(key)) return
    this.own(i).delete(key)
    this.count--
  }

  /**
   * The immutable version: the same map object as the last version when nothing changed since (so caches keyed by
   * a map survive events that do not touch it). The draft stays usable: it copies again what it changes next.
   */
  freeze(): CowMap<K, V> {
    if (this.source) return this.source
    const m = new CowMap<K, V>(this.buckets, this.count, this.previous ? new WeakRef(this.previous) : null)
    this.buckets = this.buckets.slice()
    this.owned.fill(false)
    this.source = m
    this.previous = m
    return m
  }
}

/** Marks the entry of `key` deleted (a deleted entry stays, so its id is never given again); no entry, no change. */
export const markDeleted = <K, V extends { readonly deleted: boolean }>(d: CowDraft<K, V>, key: K): void => {
  const v = d.get(key)
  if (v) d.set(key, { ...v, deleted: true })
}

/** A state made of drafts, frozen: each draft as its immutable version, the other fields as they are. */
export type Frozen<D> = { readonly [K in keyof D]: D[K] extends { freeze(): infer S } ? S : D[K] }

const isDraft = (v: unknown): v is { freeze(): unknown } =>
  typeof v === 'object' && v !== null && typeof (v as { freeze?: unknown }).freeze === 'function'

/** Freezes every draft among `d`'s fields (`CowDraft`, `SegmentedDraft`), keeping the fields' order. */
export const freezeDrafts = <D extends object>(d: D): Frozen<D> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(d)) out[k] = isDraft(v) ? v.freeze() : v
  return out as Frozen<D>
}

/** A frozen state's maps as drafts: each map field a `CowDraft`, every other field as it is. */
export type Drafts<S> = {
  -readonly [K in keyof S]: S[K] extends ReadonlyMap<infer A, infer B> ? CowDraft<A, B> : S[K]
}

/** A `CowDraft` of each map among `s`'s fields, the other fields as they are, in the fields' order (`freezeDrafts` undoes it). */
export const draftMaps = <S extends object>(s: S): Drafts<S> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(s)) out[k] = v instanceof PartedMap || v instanceof Map ? CowMap.of(v).draft() : v
  return out as Drafts<S>
}

/** An empty `CowMap` under each of `keys`, in their order: the maps of a state before its first event. */
export const emptyMaps = <K extends string>(...keys: readonly K[]): { readonly [k in K]: CowMap<never, never> } => {
  const out: Partial<Record<K, CowMap<never, never>>> = {}
  for (const k of keys) out[k] = CowMap.empty<never, never>()
  return out as { readonly [k in K]: CowMap<never, never> }
}
