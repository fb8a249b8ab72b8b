/** The Polish tax law as data and pure functions. See docs/tax-rules.md. */
export * from './engine.ts'
export {
  type FlatRateFigures,
  type FlatTax,
  flatTaxBase,
  flatTaxByRate,
  incomeTaxBase,
  proportionalTax,
  type ScaleParams,
  scaleTax,
} from './pit.ts'
export { DECLARATION_RATE_FIELDS } from './rates/declaration.ts'
export * from './rates/index.ts'
export {
  contributionYearOf,
  defaultHealthPercent,
  flatHealth,
  type HealthResult,
  healthMinimumBaseFor,
  healthMinimumFor,
  labourFundOf,
  type MonthSocial,
  monthSocial,
  scaleLinearHealth,
} from './socialSecurity.ts'
export { declareVat, VAT_DECLARATION_FIELDS } from './vat.ts'
export * from './vatRefund.ts'
export {
  ART_91_VALUE_LIMIT,
  type AssetVatCorrection,
  type AssetVatUse,
  type AssetVatView,
  assetVatCorrections,
  assetVatView,
  correctionYears,
} from './assetVatUse.ts'
export {
  type AssetVat,
  carVatSplit,
  type CrossBorder,
  CrossBorderKinds,
  CrossBorderPurchases,
  CrossBorderSales,
  costWithVat,
  crossBorderVatDate,
  deductibleVat,
  isSelfAssessed,
  nonDeductibleVat,
  paidVat,
  type VatFacts,
  vatFactsOf,
} from './crossBorder.ts'
export {
  ASSUMED_FLAT_RATE,
  type CompareOptions,
  compareForms,
  type FormComparison,
  type FormScenario,
  NEAR_SHARE_PERCENT,
  type SmallZusPlus,
  type SmallZusPlusContributions,
  type ThresholdKind,
  type ThresholdWarning,
} from './compare.ts'
export {
  advanceDateOf,
  costDateOf,
  type ItemDates,
  pitDateOf,
  receivedDateOf,
  revenueDateOf,
  supplyDateOf,
  vatDateOf,
  vatPurchaseDate,
  vatSaleDate,
} from './taxPoint.ts'

export * from './currency.ts'
export { isTaxpayerBuyer, SPLIT_PAYMENT_THRESHOLD, splitPaymentDuty } from './splitPayment.ts'
export * from './annualItems.ts'
export { type AnnualItemsLimits, annualItemsLimitsFor } from './rates/annualItems.ts'
export { CAR_MIXED_USE_COST_PERCENT, carCostOf } from './carCosts.ts'
export * from './vatExchangeRate.ts'
