/**
 * The payloads of the fixed-asset register's events (uPIT art. 22n ust. 1 and 4: the register of fixed assets and
 * intangibles). Money and percents are the canonical decimal strings of every payload; the law behind each field is
 * in `assets/plan.ts` and docs/tax-rules.md §11.
 */
import * as Schema from 'effect/Schema'
import { CarDrives, DepreciationMethods, DisposalReasons, WriteOffPeriods } from '../assets/plan.ts'
import { LocalDateField, MoneyField, PercentField } from './common.ts'

export const AssetCarSchema = Schema.Struct({
  drive: Schema.Literal(...CarDrives),
  /** CO₂ in g/km (registration certificate V.7); `null`: not known. */
  co2GramsPerKm: Schema.NullOr(Schema.Int.pipe(Schema.between(0, 1000))),
})

/** One entry of the register: what art. 22n ust. 4 lists, and the elections the plan needs. */
export const AssetRecordSchema = Schema.Struct({
  /** The register's number (liczba porządkowa / inventory number). */
  number: Schema.String,
  name: Schema.String,
  acquisitionDate: LocalDateField,
  /** The day of entry: write-offs start the next month (art. 22f ust. 1). */
  entryDate: LocalDateField,
  /** The document of acquisition (an invoice number). */
  document: Schema.String,
  kst: Schema.String,
  /** The initial value (art. 22g), net when the input VAT is deducted. */
  initialValue: MoneyField,
  method: Schema.Literal(...DepreciationMethods),
  /** The yearly rate in percent. */
  rate: PercentField,
  /** Degressive: the factor (at most 2). */
  degressiveFactor: Schema.NullOr(PercentField),
  /** Individual: the period in months. */
  individualMonths: Schema.NullOr(Schema.Int.pipe(Schema.between(1, 1200))),
  period: Schema.Literal(...WriteOffPeriods),
  /** A passenger car (its limit applies); `null` otherwise. */
  car: Schema.NullOr(AssetCarSchema),
  /** One-off: the NBP euro rate of the first working day of October of the previous year (`"4.2692"`). */
  oneOffEurRate: Schema.NullOr(Schema.String.pipe(Schema.pattern(/^\d{1,2}\.\d{1,4}$/))),
  /** The purchase (an expense item) the asset was made from: the item is no longer a cost. */
  itemId: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
})
export type AssetRecord = typeof AssetRecordSchema.Type

export const AssetImprovementSchema = Schema.Struct({
  date: LocalDateField,
  amount: MoneyField,
  document: Schema.String,
})
export type AssetImprovement = typeof AssetImprovementSchema.Type

/** The VAT percents a transfer to private use may be taxed at (the rates of goods, uVAT art. 41 and 146ef). */
export const PrivateUseVatRates = ['23', '8', '5'] as const

export const AssetDisposalSchema = Schema.Struct({
  date: LocalDateField,
  reason: Schema.Literal(...DisposalReasons),
  /**
   * Sale: the net price (the revenue is the income item of the sale's invoice). A transfer to private use taxed under
   * uVAT art. 7 ust. 2: the VAT base, the purchase price of the asset or of similar goods on the day of the transfer
   * (art. 29a ust. 2); otherwise 0.
   */
  price: MoneyField,
  /**
   * (optional) A transfer to private use of an asset whose input VAT was deducted, wholly or in part: the VAT percent
   * of the supply it is under art. 7 ust. 2 (output VAT on `price`); absent or `null`: no VAT on the transfer.
   */
  vatRate: Schema.optional(Schema.NullOr(Schema.Literal(...PrivateUseVatRates))),
  /**
   * (optional) A sale exempt from VAT although the seller is a VAT payer (uVAT art. 43 ust. 1: premises more than two
   * years after their first occupation, pkt 10; goods used only for exempt sales, pkt 2). Absent: the sale is taxed
   * when a VAT setting other than `zw` is in force on its day. Read by the art. 91 correction of the years left.
   */
  vatExempt: Schema.optional(Schema.Boolean),
  /** Liquidation because the kind of business changed (the loss is not a cost, art. 23 ust. 1 pkt 6). */
  changeOfActivity: Schema.Boolean,
  document: Schema.String,
})
export type AssetDisposal = typeof AssetDisposalSchema.Type

/** The later sale of an asset taken to private use (the six-year rule, uPIT art. 10 ust. 2 pkt 3). */
export const AssetPrivateSaleSchema = Schema.Struct({
  date: LocalDateField,
  /** The price (net where the sale is invoiced with VAT). */
  price: MoneyField,
  document: Schema.String,
})
export type AssetPrivateSale = typeof AssetPrivateSaleSchema.Type

/** One line of a stock-taking list (spis z natury): what was counted and at what price. */
export const InventoryLineSchema = Schema.Struct({
  name: Schema.String,
  /** A decimal with at most three decimals (`"12.5"`). */
  quantity: Schema.String.pipe(Schema.pattern(/^\d{1,9}(\.\d{1,3})?$/)),
  unit: Schema.String,
  /** The unit price (purchase price, or lower market value), net. */
  price: MoneyField,
})
export type InventoryLine = typeof InventoryLineSchema.Type

/**
 * A stock-taking (spis z natury) at the start or the end of a tax year (uPIT art. 24 ust. 2; the KPiR regulation):
 * its value and its list. A later one of the same year and kind replaces the earlier.
 */
export const InventorySchema = Schema.Struct({
  year: Schema.Int.pipe(Schema.between(1900, 2100)),
  kind: Schema.Literal('start', 'end'),
  /** The day it was taken (1 January, 31 December, or the day of a start or a closing of the business). */
  date: LocalDateField,
  /** The value: the sum of the lines when there are any. */
  amount: MoneyField,
  lines: Schema.Array(InventoryLineSchema),
})
export type Inventory = typeof InventorySchema.Type
