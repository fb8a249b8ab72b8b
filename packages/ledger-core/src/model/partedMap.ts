/**
 * A read-only map held as parts (plain `Map`s with no key in two of them): what the books' persistent maps share.
 * `CowMap` (buckets by key) and `SegmentedMap` (`bank/segmentedMap.ts`, segments by arrival) only say where a key
 * lives; iterating is the same walk over the parts, in order.
 */
export abstract class PartedMap<K, V> implements ReadonlyMap<K, V> {
  abstract readonly size: number
  /** The parts, in iteration order. */
  protected abstract parts(): readonly ReadonlyMap<K, V>[]
  abstract get(key: K): V | undefined
  abstract has(key: K): boolean

  *entries(): MapIterator<[K, V]> {
    for (const p of this.parts()) yield* p.entries()
  }
  *keys(): MapIterator<K> {
    for (const p of this.parts()) yield* p.keys()
  }
  *values(): MapIterator<V> {
    for (const p of this.parts()) yield* p.values()
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries()
  }
  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this)
  }
}
