/**
 * The port the books get NBP exchange rates through (docs/tax-rules.md, "Foreign currency"). `NbpWebRates`
 * (`nbpApi.ts`) implements it over the NBP web API; tests give it recorded answers. Rates a user supplies as the
 * NBP's yearly archive file are read by `nbpArchive.ts`, without the port.
 */
import type { RateTable } from '@finance/ledger-core/light'

/** What a source answered for a range of days: the tables published in it, or why there are none to use. */
export type RatesAnswer =
  | { readonly ok: true; readonly tables: readonly RateTable[] }
  | { readonly ok: false; readonly reason: 'unreachable' | 'badAnswer'; readonly message: string }

export interface ExchangeRates {
  /** The NBP table A tables published from `from` to `to` (inclusive, `yyyy-mm-dd`); none is an empty list. */
  tablesA(from: string, to: string): Promise<RatesAnswer>
  /** The NBP table B tables (weekly, Wednesdays) published from `from` to `to`. */
  tablesB(from: string, to: string): Promise<RatesAnswer>
}

/** The port the books get the ECB's euro reference rates through (units of each currency per 1 EUR, PLN among them). */
export interface EcbRates {
  /** The ECB's reference rates published from `from` to `to` (each day's table numbered `ECB`). */
  ecbTables(from: string, to: string): Promise<RatesAnswer>
}
