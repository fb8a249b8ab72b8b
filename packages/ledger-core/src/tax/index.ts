/** The Polish tax law as data and pure functions. See docs/tax-rules.md. */
export * from './engine.ts'
export { flatTaxBase, incomeTaxBase, proportionalTax, type ScaleParams, scaleTax } from './pit.ts'
export * from './rates/index.ts'
export {
  contributionYearOf,
  defaultHealthPercent,
  flatHealth,
  type HealthResult,
  healthMinimumFor,
  labourFundOf,
  scaleLinearHealth,
} from './socialSecurity.ts'
export { settleVat, type VatSettlement } from './vat.ts'
