/**
 * Offline invoices (`tryby-offline.md`, the Ministry's KSeF 2.0 documentation of 10.07.2025): an invoice issued
 * outside KSeF, in the FA(3) structure, with its issue date (`P_1`) kept, sent later with `offlineMode: true`.
 * The three modes and when each must be sent:
 *
 * | mode | when | sent by | law |
 * |---|---|---|---|
 * | `offline24` | the taxpayer's own choice | the next working day after the issue date | uVAT art. 106nda |
 * | `offline` | KSeF unavailable (announced in the BIP and the API) | the next working day after the unavailability ended | uVAT art. 106nh |
 * | `awaryjny` | a KSeF failure (announced in the BIP and the API) | within 7 working days after the failure ended | uVAT art. 106nf |
 *
 * A failure announced while an offline24 or offline invoice waits moves its deadline to 7 working days after the
 * end of the last announced failure. Working days: not a Saturday, a Sunday or a Polish public holiday
 * (`@finance/ledger-core/calendar`).
 */
import { addDays, isWorkingDay, nextWorkingDay } from '@finance/ledger-core/calendar'

/** A date `yyyy-mm-dd`. */
type LocalDateString = string

export type KsefOfflineMode = 'offline24' | 'offline' | 'awaryjny'
export const KSEF_OFFLINE_MODES: readonly KsefOfflineMode[] = ['offline24', 'offline', 'awaryjny']

/** Working days an invoice of a failure (`awaryjny`) may wait after the failure ended. */
export const FAILURE_WORKING_DAYS = 7

/** The `n`-th working day after `date` (`date` itself not counted). */
export const addWorkingDays = (date: LocalDateString, n: number): LocalDateString => {
  let d = date
  for (let left = n; left > 0; ) {
    d = addDays(d, 1)
    if (isWorkingDay(d)) left--
  }
  return d
}

export interface OfflineCircumstances {
  readonly mode: KsefOfflineMode
  /** The invoice's issue date (`P_1`): the only date KSeF takes as the issue date. */
  readonly issueDate: LocalDateString
  /** When KSeF's announced unavailability (`offline`) or failure (`awaryjny`) ended; null while it lasts. */
  readonly unavailabilityEnd?: LocalDateString | null
  /** The end of a failure announced while an `offline24` / `offline` invoice was waiting, if one was. */
  readonly failureEnd?: LocalDateString | null
}

/**
 * The last day to send an offline invoice to KSeF, or null while it cannot be known yet (an unavailability or a
 * failure that has not ended). `tryby-offline.md`'s example: issued 2025-07-08 in offline24 (due 2025-07-09), a
 * failure announced on the 9th and ended on Saturday the 12th → due 2025-07-22, the seventh working day after.
 */
export function offlineDeadline(c: OfflineCircumstances): LocalDateString | null {
  if (c.failureEnd && c.mode !== 'awaryjny') return addWorkingDays(c.failureEnd, FAILURE_WORKING_DAYS)
  switch (c.mode) {
    case 'offline24':
      return nextWorkingDay(addDays(c.issueDate, 1))
    case 'offline':
      return c.unavailabilityEnd ? nextWorkingDay(addDays(c.unavailabilityEnd, 1)) : null
    case 'awaryjny':
      return c.unavailabilityEnd ? addWorkingDays(c.unavailabilityEnd, FAILURE_WORKING_DAYS) : null
  }
}
