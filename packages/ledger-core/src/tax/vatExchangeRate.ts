/**
 * The taxpayer's choice of the exchange rate for the VAT base in a foreign currency (uVAT art. 31a; docs/tax-rules.md
 * §23): the NBP average rate of the last working day before the tax point (ust. 1, the default) or the last rate the
 * European Central Bank published before it (ust. 2). The choice is a field of the VAT setting, effective from the
 * setting's date and applied to every transaction from then on; once the ECB rate is chosen it is kept for at least
 * twelve months counted from the start of the month it was first applied in.
 */
import { addMonthsToMonth } from '../calendar.ts'
import type { LocalDateString } from '../types.ts'

export const VatExchangeRates = ['nbp', 'ecb'] as const
export type VatExchangeRate = (typeof VatExchangeRates)[number]

/** How long the ECB choice binds, in months from the start of the month it was first applied in. */
export const ECB_CHOICE_MONTHS = 12

/** A VAT setting as far as the choice is concerned (`vatExchangeRate` absent: NBP). */
export interface RateChoice {
  readonly id: number
  readonly date: LocalDateString
  readonly vatExchangeRate?: VatExchangeRate | undefined
}

/** The choice in force on `day` among the VAT settings (the latest dated on or before it; ties: the newest id). */
export const vatExchangeRateOn = (settings: readonly RateChoice[], day: LocalDateString): VatExchangeRate => {
  let best: RateChoice | null = null
  for (const s of settings)
    if (s.date <= day && (best === null || s.date > best.date || (s.date === best.date && s.id > best.id))) best = s
  return best?.vatExchangeRate ?? 'nbp'
}

/** A return to the NBP rate before the ECB choice's twelve months are over: the day it may come at the earliest. */
export interface EarlyReturn {
  readonly chosenOn: LocalDateString
  readonly earliest: LocalDateString
  readonly returnOn: LocalDateString
}

/**
 * Checks the settings' sequence of choices (as they would be after a save): every run of ECB settings must last at
 * least twelve months from the first day of the month of its first setting; the first NBP setting after it dated
 * earlier is an early return.
 */
export const earlyReturnFromEcb = (settings: readonly RateChoice[]): EarlyReturn | null => {
  const sorted = [...settings].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1))
  // Only the last setting of a day is in force on it.
  const inForce = sorted.filter((s, i) => sorted[i + 1]?.date !== s.date)
  let chosenOn: LocalDateString | null = null
  for (const s of inForce) {
    const rate = s.vatExchangeRate ?? 'nbp'
    if (rate === 'ecb') chosenOn ??= s.date
    else if (chosenOn !== null) {
      const earliest = `${addMonthsToMonth(chosenOn.slice(0, 7), ECB_CHOICE_MONTHS)}-01`
      if (s.date < earliest) return { chosenOn, earliest, returnOn: s.date }
      chosenOn = null
    }
  }
  return null
}

/** The message of an early return (the API's 400, translated by its text). */
export const earlyReturnMessage = (e: EarlyReturn): string =>
  `The ECB rate chosen from ${e.chosenOn} applies for at least 12 months: the NBP rate again from ${e.earliest} at the earliest`
