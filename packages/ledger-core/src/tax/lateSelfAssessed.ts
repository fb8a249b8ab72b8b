/**
 * The three-month condition of a self-assessed purchase's input tax (uVAT art. 86 ust. 10b pkt 2 lit. b and pkt 3,
 * ust. 10g; docs/tax-rules.md §30): the input tax of a WNT, an import of services or goods whose buyer is the
 * taxpayer is deducted in the period the output tax arises only when the output tax is shown in the declaration for
 * that period no later than three months after the end of the month the obligation arose in. Shown later (by a
 * correction), the output tax still belongs to its own period, and the input tax is added in the declaration for a
 * period whose filing deadline has not yet passed on the day it is shown.
 */
import { addMonthsToMonth, daysInMonth, monthOf } from '../calendar.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'
import type { CrossBorder } from './crossBorder.ts'

/** The kinds the condition applies to (art. 86 ust. 10b pkt 2–3); an art. 33a import has its own rule. */
export const THREE_MONTH_KINDS: readonly CrossBorder[] = [
  'wnt',
  'importServices',
  'importServicesOther',
  'buyerTaxpayerGoods',
]

/** The day of the month a monthly VAT return is due for the month before (uVAT art. 99 ust. 1). */
const RETURN_DUE_DAY = 25

/** The last day the output tax of an obligation in `month` may be shown for the input tax to stay in that period. */
export const threeMonthLimit = (month: YearMonthString): LocalDateString => {
  const end = addMonthsToMonth(month, 3)
  const [y, m] = end.split('-').map(Number) as [number, number]
  return `${end}-${String(daysInMonth(y, m)).padStart(2, '0')}`
}

/**
 * The month whose declaration takes the input tax of a self-assessed purchase whose output tax (obligation in
 * `month`) was shown on `declaredOn`; `null` when shown in time (the input stays in `month`). The month is the earliest
 * one whose return is not yet due on that day: the previous month up to the 25th, else the month of the day (monthly
 * returns).
 */
export const lateInputMonth = (
  kind: CrossBorder | null,
  month: YearMonthString,
  declaredOn: LocalDateString | null | undefined,
): YearMonthString | null => {
  if (!declaredOn || kind === null || !THREE_MONTH_KINDS.includes(kind)) return null
  if (declaredOn <= threeMonthLimit(month)) return null
  const own = monthOf(declaredOn)
  return Number(declaredOn.slice(8, 10)) <= RETURN_DUE_DAY ? addMonthsToMonth(own, -1) : own
}
