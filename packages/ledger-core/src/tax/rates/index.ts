/** Statutory constants per year, with a fallback to the nearest known year for years not yet tabled. */
import { rates2025 } from './2025.ts'
import { rates2026 } from './2026.ts'
import type { TaxRates } from './types.ts'

export type { FlatHealthTier, TaxRates, ZusAmounts, ZusPercents } from './types.ts'
export { rates2025, rates2026 }

/** Every tabled year, ascending. */
export const knownRates: readonly TaxRates[] = [rates2025, rates2026]

/** The rates used for a year, with a flag when they were borrowed from another year. */
export interface RatesForYear extends TaxRates {
  /** The year that was asked for. */
  readonly requestedYear: number
  /** `true` when `requestedYear` is not tabled and the nearest known year's figures are used instead. */
  readonly fallback: boolean
}

const cache = new Map<number, RatesForYear>()

/**
 * The statutory constants for `year`. Years before the first tabled year use the first one, years after the last
 * use the last one; such results carry `fallback: true` so callers can warn that the figures are not verified.
 */
export const ratesFor = (year: number): RatesForYear => {
  const hit = cache.get(year)
  if (hit) return hit
  const exact = knownRates.find((r) => r.year === year)
  const base = exact ?? (year < knownRates[0]!.year ? knownRates[0]! : knownRates[knownRates.length - 1]!)
  const r: RatesForYear = { ...base, requestedYear: year, fallback: exact === undefined }
  cache.set(year, r)
  return r
}
