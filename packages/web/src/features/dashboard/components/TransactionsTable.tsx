import { Trans, useLingui } from '@lingui/react/macro'
import { isLate, isPartlyPaid, isSettled, owesRemainder } from '../payment.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'
import { useFormat } from '../../../i18n/format.ts'
import { TableHead } from '../../../ui/TableHead.tsx'

const ORDER: Record<string, number> = { '1_Revenue': 1, '2_Fee': 2, '3_Vat': 3, '4_Pit': 4, '5_SocialSecurity': 5 }

/** The label of a row's type. */
export const useTypeLabel = () => {
  const { t } = useLingui()
  return (eventType: string): string => {
    switch (eventType) {
      case '1_Revenue':
        return t`Revenue`
      case '2_Fee':
        return t`Fee`
      case '3_Vat':
        return t`VAT`
      case '4_Pit':
        return t`PIT`
      case '5_SocialSecurity':
        return t`Social security`
      default:
        return eventType
    }
  }
}

/**
 * SPEC §2 Primary: revenues, fees, taxes (VAT, PIT) and social security, with date, name, net and
 * gross/income/expense. A tax or contribution has no VAT: both columns show what is due (the ZUS row once showed its
 * social part as "net" beside the whole as "gross", two totals for one payment; the card splits it). Completed rows
 * are dimmed (unless their amount grew after the payment: then the remainder is named), company rows highlighted; a
 * row paid in part names what was paid and what is left.
 */
export const TransactionsTable = ({ transactions }: { transactions: readonly Transaction[] }) => {
  const { t } = useLingui()
  const typeLabel = useTypeLabel()
  const fmt = useFormat()
  // In date order; on one day revenues, fees, VAT, PIT and social security in that order.
  const rows = [...transactions].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (ORDER[a.eventType] ?? 9) - (ORDER[b.eventType] ?? 9) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  if (rows.length === 0) {
    return (
      <p className="empty">
        <Trans>No transactions in this month.</Trans>
      </p>
    )
  }
  return (
    <div className="table-scroll">
      <table className="tx-table">
        <caption className="visually-hidden">
          <Trans>Transactions of the month</Trans>
        </caption>
        <TableHead
          columns={[t`Date`, t`Name`, { label: t`Net`, num: true }, { label: t`Gross / income / expense`, num: true }]}
        />
        <tbody>
          {rows.map((t) => {
            const d = t.dataObject
            const classes = [
              'tx-row',
              `tx-row--${t.eventType.replace(/^\d_/, '').toLowerCase()}`,
              isSettled(t) ? 'tx-row--completed' : '',
              d.isCompany ? 'tx-row--company' : '',
              isLate(t) ? 'tx-row--overdue' : '',
            ]
            return (
              <tr key={t.id} className={classes.filter(Boolean).join(' ')} data-testid={`tx-row-${t.id}`}>
                <td>
                  <time dateTime={t.date}>{fmt.date(t.date)}</time>
                </td>
                <th scope="row">
                  {(t.eventType === '1_Revenue' || t.eventType === '2_Fee') && (
                    <span className="tx-type">{typeLabel(t.eventType)} </span>
                  )}
                  {d.displayName ?? d.name ?? ''}
                  {d.currency && (
                    <span className="tx-currency">
                      {' '}
                      ({fmt.amount(d.currency.amount)} {d.currency.code})
                    </span>
                  )}
                  {owesRemainder(t) && (
                    <span className="tx-remainder">
                      {' '}
                      <Trans>
                        (<Amount value={t.remainingAmount} /> left to pay)
                      </Trans>
                    </span>
                  )}
                  {isPartlyPaid(t) && (
                    <span className="tx-remainder tx-remainder--partly">
                      {' '}
                      {t.eventType === '1_Revenue' ? (
                        <Trans>
                          (partly received: <Amount value={t.paidAmount} />, <Amount value={t.remainingAmount} /> left
                          to receive)
                        </Trans>
                      ) : (
                        <Trans>
                          (partly paid: <Amount value={t.paidAmount} />, <Amount value={t.remainingAmount} /> left to
                          pay)
                        </Trans>
                      )}
                    </span>
                  )}
                  {isLate(t) && (
                    <strong className="tx-overdue">
                      <span aria-hidden="true"> !</span>
                      <span className="visually-hidden">
                        {' '}
                        <Trans>Overdue</Trans>
                      </span>
                    </strong>
                  )}
                </th>
                {/* data-value: the figure itself, for the CSV export of the month. */}
                <td className="num" data-value={d.amount ?? ''}>
                  <Amount value={d.amount} />
                </td>
                <td className="num" data-value={d.sum ?? ''}>
                  <Amount value={d.sum} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
