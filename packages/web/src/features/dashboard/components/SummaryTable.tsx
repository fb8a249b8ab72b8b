import { Trans, useLingui } from '@lingui/react/macro'
import { useFormat } from '../../../i18n/format.ts'
import { summaryLabel } from '../month.ts'
import { money2 } from '../money.ts'
import type { SummaryRow } from '../types.ts'

type Field = Exclude<keyof SummaryRow, 'year' | 'month'>

const negative = (v: string | undefined) => money2(v).startsWith('-')

/**
 * SPEC §2 summary card: the rows cumulative corporate revenue, VAT, PIT, social security, corporate expense,
 * corporate NET, cumulative private revenue, private fees, private revenue gross and Summary, for each month
 * (year-month, the first 7 characters of the date) and the year.
 *
 * Fourteen columns of money never fit a phone, nor a desktop without scrolling: the card leads with the month the
 * dashboard shows beside the year, and lists every month below as small cards that wrap to the width (one column on
 * a phone, several on a desktop). Nothing scrolls sideways.
 */
export const SummaryTable = ({
  rows,
  caption,
  currentMonth,
}: {
  rows: readonly SummaryRow[]
  caption?: React.ReactNode
  /** `yyyy-mm` of the month on screen; without it, the latest month with figures leads. */
  currentMonth?: string
}) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const fields: [Field, string][] = [
    ['companyIncomeAmmount', t`Cumulative corporate revenue`],
    ['companyVatAmmount', t`VAT`],
    ['companyPitAmmount', t`PIT`],
    ['companySocialSecurityAmmount', t`Social security`],
    ['companyExpenseAmmount', t`Corporate expense`],
    ['companysNetIncome', t`Corporate NET`],
    ['privateIncomeAmmount', t`Cumulative private revenue`],
    ['privateExpenseAmmount', t`Private fees`],
    ['privateIncome', t`Private revenue gross`],
    ['summary', t`Summary`],
  ]
  const months = rows.filter((r) => r.month >= 1 && r.month <= 12).sort((a, b) => a.month - b.month)
  const year = rows.find((r) => r.month === 0)
  if (months.length === 0 && !year) {
    return (
      <p className="empty">
        <Trans>No summary for this year.</Trans>
      </p>
    )
  }
  const shown =
    months.find((r) => summaryLabel(r.year, r.month) === currentMonth) ?? months[months.length - 1] ?? undefined
  const lead = [shown, year].filter((r): r is SummaryRow => r !== undefined)
  const cell = (r: SummaryRow, field: Field) => (
    <td key={r.month} className={`num${negative(r[field]) ? ' amount--negative' : ''}`}>
      {fmt.money(money2(r[field]))}
    </td>
  )
  return (
    <div className="summary">
      <table className="summary-table summary-table--lead">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <td />
            {lead.map((r) => (
              <th
                scope="col"
                key={r.month}
                className="num"
                data-current-month={r === shown ? 'true' : undefined}
                aria-current={r === shown ? 'date' : undefined}
              >
                {r.month === 0 ? <Trans>Year {String(r.year)}</Trans> : fmt.month(summaryLabel(r.year, r.month))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map(([field, label]) => (
            <tr key={field} className={field === 'summary' ? 'summary-table__total' : undefined}>
              <th scope="row">{label}</th>
              {lead.map((r) => cell(r, field))}
            </tr>
          ))}
        </tbody>
      </table>
      {months.length > 1 && (
        <details className="summary-months">
          <summary>
            <Trans>Every month</Trans>
          </summary>
          <ul className="summary-months__list">
            {months.map((r) => (
              <li key={r.month} className="summary-month" data-month={summaryLabel(r.year, r.month)}>
                <h3 className="summary-month__title">{fmt.month(summaryLabel(r.year, r.month))}</h3>
                <dl className="facts">
                  {fields.map(([field, label]) => (
                    <div className="facts__row" key={field}>
                      <dt>{label}</dt>
                      <dd className={negative(r[field]) ? 'amount amount--negative' : 'amount'}>
                        {fmt.money(money2(r[field]))}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
