import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CowMap } from './cowMap.ts'

describe('CowMap', () => {
  it('behaves like a Map, and earlier versions never change', () =>
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -5, max: 300 }), fc.integer()), { maxLength: 200 }),
        (ops) => {
          let cow = CowMap.empty<number, number>()
          const model = new Map<number, number>()
          const versions: [CowMap<number, number>, [number, number][]][] = []
          for (const [isSet, k, v] of ops) {
            const d = cow.draft()
            if (isSet) {
              d.set(k, v)
              model.set(k, v)
            } else {
              d.delete(k)
              model.delete(k)
            }
            expect(d.size).toBe(model.size)
            cow = d.freeze()
            versions.push([cow, [...model.entries()].sort((a, b) => a[0] - b[0])])
          }
          for (const [version, entries] of versions) {
            expect([...version.entries()].sort((a, b) => a[0] - b[0])).toEqual(entries)
            expect(version.size).toBe(entries.length)
            for (const [k, v] of entries) expect(version.get(k)).toBe(v)
          }
        },
      ),
    ))

  it('a draft stays usable after freezing, without changing the frozen version', () => {
    const d = CowMap.from<string, number>([['2026-01', 1]]).draft()
    d.set('2026-02', 2)
    const a = d.freeze()
    d.set('2026-02', 3)
    d.delete('2026-01')
    const b = d.freeze()
    expect([...a.keys()].sort()).toEqual(['2026-01', '2026-02'])
    expect(a.get('2026-02')).toBe(2)
    expect([...b]).toEqual([['2026-02', 3]])
    expect(b.has('2026-01')).toBe(false)
    expect([...d.keys()]).toEqual(['2026-02'])
    const seen: string[] = []
    a.forEach((v, k) => {
      seen.push(`${k}=${v}`)
    })
    expect(seen.sort()).toEqual(['2026-01=1', '2026-02=2'])
    expect([...a.values()].sort()).toEqual([1, 2])
  })

  it('freezing an unchanged draft gives back the same map; versions tell their changed keys and shared buckets', () => {
    const a = CowMap.from<number, string>(Array.from({ length: 200 }, (_, i) => [i, `v${i}`] as const))
    const d = a.draft()
    d.delete(999)
    expect(d.freeze()).toBe(a)
    d.set(5, 'changed')
    d.set(300, 'new')
    d.delete(7)
    const b = d.freeze()
    expect(b).not.toBe(a)
    expect(d.freeze()).toBe(b)
    expect(a.changedKeys(b).sort((x, y) => x - y)).toEqual([5, 7, 300])
    expect(b.parent?.deref()).toBe(a)
    expect(b.changedKeys(b)).toEqual([])
    expect(a.sharedBuckets(b)).toBe(64 - 3)
    expect(a.sharedBuckets(CowMap.from([...a]))).toBe(0)
  })
})
