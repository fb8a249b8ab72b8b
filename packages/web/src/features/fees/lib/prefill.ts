/**
 * Statutory values the settings forms can fill in, read from the core's rate tables (`ratesFor(year)`).
 * Only the rate fields change; the date, payment interval and deductions stay as the user set them.
 */
import { formatMoney, isLocalDate, ratesFor } from '@finance/ledger-core'

export type TaxType = 'Flat' | 'Linear' | 'Scale'

/** The year of a form's date, else the year of `today`. */
export const yearOf = (date: unknown, today: string): number => Number((isLocalDate(date) ? date : today).slice(0, 4))

export interface Prefill {
  values: Record<string, unknown>
  /** The tabled year the figures come from (differs from the asked year when that one is not tabled). */
  sourceYear: number
  fallback: boolean
}

export const vatStatutory = (year: number): Prefill => {
  const r = ratesFor(year)
  return { values: { percent: r.vat.standardPercent }, sourceYear: r.year, fallback: r.fallback }
}

/** PIT rates of the tax type: Scale 12 %/32 % with 30 000 zł free and the 120 000 zł threshold; Linear 19 %; Flat
 * keeps a valid ryczałt rate the user chose, else 8.5 % (services). */
export const pitStatutory = (taxType: TaxType, year: number, currentFirstPercent?: unknown): Prefill => {
  const r = ratesFor(year)
  const base = { sourceYear: r.year, fallback: r.fallback }
  switch (taxType) {
    case 'Scale':
      return {
        ...base,
        values: {
          firstPercent: r.pit.scale.firstPercent,
          secondPercent: r.pit.scale.secondPercent,
          freeOfTaxAmount: formatMoney(r.pit.scale.freeOfTaxAmount),
          secondPercentAmount: formatMoney(r.pit.scale.threshold),
        },
      }
    case 'Linear':
      return {
        ...base,
        values: { firstPercent: r.pit.linear.percent, secondPercent: '', freeOfTaxAmount: '', secondPercentAmount: '' },
      }
    case 'Flat': {
      const keep = typeof currentFirstPercent === 'string' && r.pit.flatPercents.includes(currentFirstPercent)
      return {
        ...base,
        values: {
          firstPercent: keep ? currentFirstPercent : '8.5',
          secondPercent: '',
          freeOfTaxAmount: '',
          secondPercentAmount: '',
        },
      }
    }
  }
}

/** Ryczałt rates of the year, for the form's hint. */
export const flatPercents = (year: number): readonly string[] => ratesFor(year).pit.flatPercents

/**
 * Social security of the year: the full or preferential monthly contributions, and the health percent by the PIT
 * tax type (9 % Scale, 4.9 % Linear; Flat keeps 9 %, it is not used for ryczałt).
 */
export const socialSecurityStatutory = (
  kind: 'full' | 'preferential',
  year: number,
  taxType: TaxType | null,
): Prefill => {
  const r = ratesFor(year)
  return {
    values: {
      amount: formatMoney(r.zus[kind].total),
      percent: taxType === 'Linear' ? r.health.linearPercent : r.health.scalePercent,
    },
    sourceYear: r.year,
    fallback: r.fallback,
  }
}
