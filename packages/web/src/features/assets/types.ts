/** What the assets API answers (ledger-core's register views) and what the form sends. */
export type { AssetCardDto, AssetRegisterDto, AssetRowDto, MonthDepreciationDto } from '@finance/ledger-core'

/** A one-time company expense that can become an asset (`fee/GetListByType/Expense`). */
export interface Purchase {
  readonly id: number
  readonly name: string
  readonly amount: string
  readonly date: string
}

/** The entry form's fields, as typed (the API validates them). */
export interface AssetEntry {
  readonly itemId: string
  readonly name: string
  readonly acquisitionDate: string
  /** The day of entry in the register ('' : the acquisition date); write-offs start the month after it. */
  readonly entryDate: string
  readonly kst: string
  readonly initialValue: string
  readonly method: string
  /** The yearly rate in percent ('' : the annex's); for a lowered or raised rate. */
  readonly rate: string
  /** Degressive: the factor, at most 2 ('' : 2). */
  readonly degressiveFactor: string
  /** The register's number ('' : the next one) and the document of entry ('' : the purchase's number). */
  readonly number: string
  readonly document: string
  /** An individual period (method `individual`), in months. */
  readonly individualMonths: string
  /** A one-off write-off (method `oneOff`): the NBP euro rate of the first working day of October of the year before. */
  readonly oneOffEurRate: string
  readonly period: string
  /** A passenger car (KŚT 741): its drive, and its CO₂ emission in g/km ('' : not known). */
  readonly carDrive: string
  readonly carCo2: string
}

/** A year's stock-takings as `inventory/{year}` answers them. */
export interface InventoryDto {
  readonly year: number
  readonly start: string
  readonly end: string | null
  /** `end − start`: what the stock-taking adds to the year's income. */
  readonly change: string
  readonly lists: {
    readonly start: { readonly date: string; readonly amount: string } | null
    readonly end: { readonly date: string; readonly amount: string } | null
  }
}

/** `GET|POST assets/{id}/vat`: the asset's changes of use for VAT and the art. 91 corrections they make. */
export interface AssetVatDto {
  readonly id: number
  readonly correctionYears: 5 | 10
  readonly lastYear: number
  readonly changes: readonly { date: string; taxedPercent: string; previousPercent: string; inputVat: string }[]
  /** `forRemainingYears`: the one correction of the years left, in the month of a sale or a transfer (art. 91 ust. 4–5). */
  readonly corrections: readonly { month: string; year: number; amount: string; forRemainingYears: boolean }[]
}
