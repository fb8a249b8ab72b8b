import { Trans, useLingui } from '@lingui/react/macro'
import { summaryLabel } from '../month.ts'
import { money2 } from '../money.ts'
import type { SummaryRow } from '../types.ts'

type Field = Exclude<keyof SummaryRow, 'year' | 'month'>

/**
 * SPEC §2 summary card: one column per month (year-month, the first 7 characters of the date) plus the year,
 * and the rows cumulative corporate revenue, VAT, PIT, social security, corporate expense, corporate NET,
 * cumulative private revenue, private fees, private revenue gross and Summary.
 */
export const SummaryTable = ({ rows, caption }: { rows: readonly SummaryRow[]; caption?: React.ReactNode }) => {
  const { t } = useLingui()
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
  const columns = year ? [...months, year] : months
  if (columns.length === 0) {
    return (
      <p className="empty">
        <Trans>No summary for this year.</Trans>
      </p>
    )
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    <section className="table-scroll" aria-label={t`Summary`} tabIndex={0}>
      <table className="summary-table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">
              <Trans>Year</Trans>
            </th>
            {columns.map((r) => (
              <th scope="col" key={r.month} className="num">
                {r.month === 0 ? String(r.year) : summaryLabel(r.year, r.month)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map(([field, label]) => (
            <tr key={field} className={field === 'summary' ? 'summary-table__total' : undefined}>
              <th scope="row">{label}</th>
              {columns.map((r) => (
                <td key={r.month} className={`num${money2(r[field]).startsWith('-') ? ' amount--negative' : ''}`}>
                  {money2(r[field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
