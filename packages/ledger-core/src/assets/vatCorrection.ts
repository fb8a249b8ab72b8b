/**
 * The correction of input VAT deducted on a fixed asset whose use changes within its correction period (uVAT
 * art. 91; docs/tax-rules.md §22). An asset worth more than 15 000 zł (and any real estate) is corrected for five
 * years — ten for real estate — counted from the year it was put to use: in each year's last declaration, by a fifth
 * (a tenth) of its input VAT times the change between the share of taxed use of that year and the share deducted at
 * the purchase (art. 91 ust. 1–2, 7). A sale or a transfer within the period corrects the remaining years at once in
 * the period of the sale, the sale's own year included: a taxed sale as wholly taxed use, an exempt one as wholly
 * untaxed (art. 91 ust. 4–5, 7). A transfer to private use of an asset whose input VAT was deducted is itself a taxed
 * supply (art. 7 ust. 2, `tax/assetVatUse.ts` `privateUseVatOf`): `taxed: true`. Pure; amounts in grosze, each
 * correction rounded half up to the grosz.
 */
import { divRoundHalfUp } from '../money.ts'
import type { Grosze } from '../types.ts'

/** 15 000 zł: above this initial value (or for real estate) the correction runs over several years (art. 91 ust. 2). */
export const CORRECTION_VALUE_LIMIT: Grosze = 1_500_000n

export interface VatCorrectionInput {
  /** The asset's initial value (net). */
  readonly initialValue: Grosze
  /** The input VAT on the purchase. */
  readonly inputVat: Grosze
  /** Real estate (land, buildings, premises): ten years instead of five. */
  readonly realEstate: boolean
  /** The year the asset was put to use (the correction period's first year). */
  readonly firstYear: number
  /** The percent of the input VAT deducted at the purchase (100: wholly taxed use). */
  readonly deductedPercent: number
  /** The percent of taxed use of each later year of the period where it differs from `deductedPercent`. */
  readonly useByYear?: ReadonlyMap<number, number>
  /** A sale or transfer within the period: its year and whether it is taxed (a taxed sale) or not. */
  readonly sale?: { readonly year: number; readonly taxed: boolean } | null
}

export interface VatCorrectionYear {
  readonly year: number
  /** Positive: more input VAT to deduct; negative: VAT to give back. */
  readonly correction: Grosze
  /** The sale's one correction of the years left (art. 91 ust. 4–5). */
  readonly forRemainingYears: boolean
}

/** The corrections of an asset's input VAT, year by year (none for an asset outside the multi-year correction). */
export const vatCorrections = (c: VatCorrectionInput): VatCorrectionYear[] => {
  if (!c.realEstate && c.initialValue <= CORRECTION_VALUE_LIMIT) return []
  const period = c.realEstate ? 10 : 5
  const last = c.firstYear + period - 1
  const part = (percent: number) =>
    divRoundHalfUp(c.inputVat * BigInt(Math.round((percent - c.deductedPercent) * 100)), 10_000n * BigInt(period))
  const out: VatCorrectionYear[] = []
  for (let year = c.firstYear; year <= last; year++) {
    if (c.sale && year === c.sale.year) {
      // From the sale on the asset counts as used for the sale's kind of activity to the end of the period (ust. 4),
      // and the whole remaining period — the sale's own year with the years after it — is corrected at once (ust. 5).
      const remaining = BigInt(last - year + 1) * part(c.sale.taxed ? 100 : 0)
      if (remaining !== 0n) out.push({ year, correction: remaining, forRemainingYears: true })
      break
    }
    const correction = part(c.useByYear?.get(year) ?? c.deductedPercent)
    if (correction !== 0n) out.push({ year, correction, forRemainingYears: false })
  }
  return out
}
