/**
 * The 'Company expense' / 'Company income' checkbox of SPEC §4:
 * - ticking sets the VAT percent to the default one when it was 0 (or empty) and, when the invoice date is
 *   empty, sets it to one month before the item's date, on day 28;
 * - unticking sets the percent to 0 and clears the invoice date.
 * The default VAT percent is 23 until the VAT setting is loaded, then that setting's percent.
 */
import { addMonthsToMonth, isLocalDate, monthOf } from '@finance/ledger-core'

export const DEFAULT_VAT_PERCENT = '23'

export interface CompanyFields {
  isCompany: boolean
  percent: string
  invoiceDate: string | null
}

const isZero = (p: unknown): boolean => p === undefined || p === null || p === '' || /^0+(\.0*)?$/.test(String(p))

/** One month before `date`, on day 28 (`2026-03-15` → `2026-02-28`); `null` when `date` is not a date. */
export const defaultInvoiceDate = (date: unknown): string | null =>
  isLocalDate(date) ? `${addMonthsToMonth(monthOf(date), -1)}-28` : null

/** The changed fields after the checkbox becomes `checked`. */
export const applyCompanyFlag = (
  item: { date?: unknown; percent?: unknown; invoiceDate?: unknown },
  checked: boolean,
  defaultVatPercent: string = DEFAULT_VAT_PERCENT,
): CompanyFields => {
  if (!checked) return { isCompany: false, percent: '0', invoiceDate: null }
  const percent = isZero(item.percent) ? defaultVatPercent : String(item.percent)
  const invoiceDate =
    typeof item.invoiceDate === 'string' && item.invoiceDate !== '' ? item.invoiceDate : defaultInvoiceDate(item.date)
  return { isCompany: true, percent, invoiceDate }
}

/** The default percent from the loaded VAT setting (its `dataObject.percent`), else 23. */
export const vatPercentOf = (vat: { dataObject?: { percent?: unknown } } | null | undefined): string => {
  const p = vat?.dataObject?.percent
  return typeof p === 'string' && p !== '' ? p : typeof p === 'number' ? String(p) : DEFAULT_VAT_PERCENT
}
