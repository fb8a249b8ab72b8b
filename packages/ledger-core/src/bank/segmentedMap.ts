/**
 * A persistent map for the bank lines, which only ever grow by a statement's batch: immutable segments (plain
 * `Map`s) shared between versions, the newest last. A fold adds its batch as one new segment and merges the
 * newest segments while the one before is no larger than the one after (as a binary counter carries), so there are
 * at most about log₂(n) segments and a line is copied about log₂(n) times over the life of the books — where a
 * bucketed map (`CowMap`) copies every bucket a batch of random keys touches, that is all of them, on every import.
 * A key set again (never done by the bank fold, but allowed) merges everything into one segment.
 *
 * Iteration goes segment by segment, oldest first; callers that need an order sort.
 */

import { PartedMap } from '../model/partedMap.ts'

export class SegmentedMap<K, V> extends PartedMap<K, V> {
  readonly segments: readonly ReadonlyMap<K, V>[]
  readonly size: number
  constructor(segments: readonly ReadonlyMap<K, V>[], size: number) {
    super()
    this.segments = segments
    this.size = size
  }

  static empty<K, V>(): SegmentedMap<K, V> {
    return new SegmentedMap<K, V>([], 0)
  }

  static from<K, V>(entries: Iterable<readonly [K, V]>): SegmentedMap<K, V> {
    const d = SegmentedMap.empty<K, V>().draft()
    for (const [k, v] of entries) d.set(k, v)
    return d.freeze()
  }

  protected parts(): readonly ReadonlyMap<K, V>[] {
    return this.segments
  }
  get(key: K): V | undefined {
    for (let i = this.segments.length - 1; i >= 0; i--) {
      const s = this.segments[i]!
      if (s.has(key)) return s.get(key)
    }
    return undefined
  }
  has(key: K): boolean {
    for (let i = this.segments.length - 1; i >= 0; i--) if (this.segments[i]!.has(key)) return true
    return false
  }
  /** A mutable draft starting from this version (which it never changes). */
  draft(): SegmentedDraft<K, V> {
    return new SegmentedDraft(this)
  }
}

const merged = <K, V>(segments: readonly ReadonlyMap<K, V>[]): Map<K, V> => {
  const out = new Map(segments[0])
  for (let i = 1; i < segments.length; i++) for (const [k, v] of segments[i]!) out.set(k, v)
  return out
}

export class SegmentedDraft<K, V> {
  private base: SegmentedMap<K, V>
  private pending = new Map<K, V>()
  /** A key of `base` was set again: the next freeze merges everything. */
  private replaced = false
  constructor(base: SegmentedMap<K, V>) {
    this.base = base
  }

  get size(): number {
    let n = this.base.size
    for (const k of this.pending.keys()) if (!this.base.has(k)) n++
    return n
  }
  get(key: K): V | undefined {
    return this.pending.has(key) ? this.pending.get(key) : this.base.get(key)
  }
  has(key: K): boolean {
    return this.pending.has(key) || this.base.has(key)
  }
  set(key: K, value: V): void {
    if (!this.replaced && !this.pending.has(key) && this.base.has(key)) this.replaced = true
    this.pending.set(key, value)
  }

  /** The immutable version: the same map as before when nothing was set. The draft stays usable. */
  freeze(): SegmentedMap<K, V> {
    if (this.pending.size === 0) return this.base
    let next: SegmentedMap<K, V>
    if (this.replaced) {
      const all = merged([...this.base.segments, this.pending])
      next = new SegmentedMap([all], all.size)
    } else {
      const segments = [...this.base.segments, this.pending]
      while (segments.length >= 2 && segments.at(-2)!.size <= segments.at(-1)!.size) {
        const last = segments.pop()!
        const before = segments.pop()!
        segments.push(merged([before, last]))
      }
      next = new SegmentedMap(segments, this.base.size + this.pending.size)
    }
    this.base = next
    this.pending = new Map()
    this.replaced = false
    return next
  }
}
