/**
 * What of a month's income the health contribution of Scale and Linear leaves out (uŚOZ art. 81 ust. 2c as amended
 * for the contributions from February 2025, i.e. from the income of January 2025): the sale of fixed assets — the
 * prices less the undepreciated values made costs (`MonthFigures.assetSaleIncome`). Ryczałt's leaves the sale's
 * revenue out of the revenue its tiers count, for the contributions from January 2025 (the same amending act of
 * 6 December 2024, Dz.U. poz. 1915): the prices (`MonthFigures.assetSalePrices`). docs/tax-rules.md §8.5.
 */
import type { Grosze, YearMonthString } from '../types.ts'

/** The first month whose income (Scale, Linear) or revenue (ryczałt) for health leaves the sale of fixed assets out. */
export const HEALTH_ASSET_SALE_FROM: YearMonthString = '2025-01'

/** The part of a month's income the health contribution leaves out (0 before January 2025 or without a sale). */
export const healthExcluded = (f: { readonly month: YearMonthString; readonly assetSaleIncome?: Grosze }): Grosze =>
  f.assetSaleIncome !== undefined && f.month >= HEALTH_ASSET_SALE_FROM ? f.assetSaleIncome : 0n

/** The part of a month's revenue ryczałt's health contribution leaves out (0 before January 2025 or without a sale). */
export const flatHealthExcluded = (f: {
  readonly month: YearMonthString
  readonly assetSalePrices?: Grosze
}): Grosze => (f.assetSalePrices !== undefined && f.month >= HEALTH_ASSET_SALE_FROM ? f.assetSalePrices : 0n)
