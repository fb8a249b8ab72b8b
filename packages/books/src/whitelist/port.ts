/**
 * The VAT payers' white list as a port: is this NIP's account on the list of a given day? Two adapters:
 * - `flatFileWhiteList` (`flatFile.ts`): the Ministry of Finance's daily flat file (plik płaski), which the user
 *   downloads and imports; it answers for the day it is of only;
 * - `apiWhiteList` (`api.ts`): the Ministry's search API (wl-api.mf.gov.pl), for any day, with a request id as proof.
 */
import type { WhiteListResult, WhiteListSource } from '@finance/ledger-core/light'
import { CodedError } from '../codedError.ts'

export interface WhiteListQuery {
  /** 10 digits. */
  readonly nip: string
  /** The 26-digit Polish account number (NRB, no `PL`). */
  readonly account: string
  /** `YYYY-MM-DD`: the day the answer is wanted for (the payment's day). */
  readonly date: string
}

export interface WhiteListAnswer {
  readonly result: WhiteListResult
  /** The day of the list that answered. */
  readonly listDate: string
  readonly requestId: string | null
}

export interface WhiteList {
  readonly source: WhiteListSource
  /**
   * The answer for a query, or `null` when this list cannot answer for that day (a flat file of another day).
   * Throws `WhiteListError` when the list could not be asked.
   */
  check(query: WhiteListQuery): Promise<WhiteListAnswer | null>
}

/** A white list that could not be read or asked: `code` is a `whitelist.*` catalog key. */
export class WhiteListError extends CodedError {
  override readonly name = 'WhiteListError'
}
