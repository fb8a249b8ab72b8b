import {
  type CrossBorder,
  CrossBorderKinds,
  crossBorderVatDate,
  isLocalDate,
  KSEF_NUMBER,
  pitDateOf,
  receivedDateOf,
  vatDateOf,
} from '@finance/ledger-core'
import { useLingui } from '@lingui/react/macro'
import { useLanguage } from '../../../forms/index.ts'

export interface TaxMonthsProps {
  income: boolean
  date: unknown
  invoiceDate: unknown
  supplyDate: unknown
  taxPoint?: unknown
  /** A sale or purchase across borders: WNT, WDT and imported services have their own tax points. */
  crossBorder?: unknown
  /** A purchase's KSeF number: its VAT is deducted not before the day the number was assigned (its receipt). */
  ksefNumber?: unknown
}

const dateOrNull = (d: unknown): string | null => (isLocalDate(d) ? d : null)

/** A KSeF number as the books will keep it, or `null` while it is not one (being typed, empty). */
const ksefNumberOrNull = (n: unknown): string | null => {
  const s = typeof n === 'string' ? n.trim().toUpperCase() : ''
  return KSEF_NUMBER.test(s) ? s : null
}

/**
 * Before saving: the month each tax will count a company item in, from the core's own dating rules (VAT on the tax
 * point, PIT / ryczałt and the tax book on the revenue or cost date). A month other than the item's date's is
 * pointed out, so no tax month moves behind the user's back. Nothing until the date is a date.
 */
export const TaxMonths = ({
  income,
  date,
  invoiceDate,
  supplyDate,
  taxPoint,
  crossBorder,
  ksefNumber,
}: TaxMonthsProps) => {
  const { t } = useLingui()
  const language = useLanguage()
  if (!isLocalDate(date)) return null
  const dates = {
    isIncome: income,
    date,
    invoiceDate: dateOrNull(invoiceDate),
    supplyDate: dateOrNull(supplyDate),
    taxPoint: taxPoint === 'invoice' ? ('invoice' as const) : null,
    receivedDate: receivedDateOf({ ksefNumber: ksefNumberOrNull(ksefNumber) }),
  }
  const kind = (CrossBorderKinds as readonly unknown[]).includes(crossBorder) ? (crossBorder as CrossBorder) : null
  const vat = (crossBorderVatDate(kind, dates) ?? vatDateOf(dates)).slice(0, 7)
  const pit = pitDateOf(dates).slice(0, 7)
  const monthName = (ym: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pl', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${ym}-01T00:00:00Z`))
  const vatMonth = monthName(vat)
  const pitMonth = monthName(pit)
  const moved = vat !== date.slice(0, 7) || pit !== date.slice(0, 7)
  return (
    <div className="tax-months" role="status" data-testid="tax-months">
      <p className="tax-months__line">
        {t`VAT: counted in ${vatMonth}.`} {t`PIT or ryczałt and the tax book: ${pitMonth}.`}
      </p>
      {moved && (
        <p className="tax-months__note">{t`This is not the month of the date above: the law dates the taxes by the day of supply, the invoice and the payment.`}</p>
      )}
    </div>
  )
}
