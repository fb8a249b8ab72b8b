/**
 * The taxpayer's choice of the exchange rate for the VAT base in a foreign currency (uVAT art. 31a; docs/tax-rules.md
 * §23): the NBP average rate of the last working day before the tax point (ust. 1 zdanie pierwsze, the default) or the
 * last rate the European Central Bank published before it (ust. 1 zdanie drugie). The choice is a field of the VAT
 * setting, effective from the setting's date and applied to every transaction from then on, until a later setting
 * says otherwise: the statute sets no minimum period for it (the 12 months of ust. 2b bind the income-tax-rules
 * election of ust. 2a, which the books do not model).
 */
import type { LocalDateString } from '../types.ts'

export const VatExchangeRates = ['nbp', 'ecb'] as const
export type VatExchangeRate = (typeof VatExchangeRates)[number]

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
