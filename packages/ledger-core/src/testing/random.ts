/**
 * Deterministic pseudo-random numbers in [0, 1) (LCG, 32-bit): the benchmarks and generated fixtures draw the same
 * data on every run from the same seed.
 */
export const seededRandom = (seed: number): (() => number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
