import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SegmentedMap } from './segmentedMap.ts'

describe('SegmentedMap', () => {
  it('holds what a plain map holds after any batches, and earlier versions stay as they were', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer()), { maxLength: 20 })),
        (batches) => {
          let m = SegmentedMap.empty<number, number>()
          const plain = new Map<number, number>()
          const versions: [SegmentedMap<number, number>, Map<number, number>][] = []
          for (const batch of batches) {
            const d = m.draft()
            for (const [k, v] of batch) {
              d.set(k, v)
              plain.set(k, v)
            }
            m = d.freeze()
            versions.push([m, new Map(plain)])
          }
          for (const [version, expected] of versions) {
            expect(version.size).toBe(expected.size)
            expect(new Map(version)).toEqual(expected)
            for (const [k, v] of expected) expect(version.get(k)).toBe(v)
            expect(version.has(61)).toBe(false)
          }
        },
      ),
    )
  })

  it('keeps about log2(n) segments when batches only add new keys', () => {
    let m = SegmentedMap.empty<number, number>()
    for (let b = 0; b < 64; b++) {
      const d = m.draft()
      for (let i = 0; i < 100; i++) d.set(b * 100 + i, i)
      m = d.freeze()
    }
    expect(m.size).toBe(6400)
    expect(m.segments.length).toBeLessThanOrEqual(7)
    expect(m.get(6399)).toBe(99)
  })

  it('returns the same version when a draft set nothing', () => {
    const m = SegmentedMap.from([[1, 'a']])
    expect(m.draft().freeze()).toBe(m)
  })
})
