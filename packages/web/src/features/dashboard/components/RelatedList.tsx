import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useFormat } from '../../../i18n/format.ts'
import { TableHead } from '../../../ui/TableHead.tsx'
import type { RelatedTransaction, VatListRow } from '../types.ts'
import { Amount } from './Amount.tsx'
import { useCoreName } from './coreName.ts'

/** Rows of name, net and VAT (the VAT card's company revenues and fees). */
export const VatRows = ({ title, rows }: { title: ReactNode; rows: readonly VatListRow[] }) => {
  const { t } = useLingui()
  return (
    <table className="mini-table">
      <caption>{title}</caption>
      <TableHead columns={[t`Name`, { label: t`Net`, num: true }, { label: t`VAT`, num: true }]} />
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3}>—</td>
          </tr>
        ) : (
          rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and names may repeat
            <tr key={i}>
              <th scope="row">{r.name}</th>
              <td className="num">
                <Amount value={r.amount} />
              </td>
              <td className="num">
                <Amount value={r.vatAmount} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
}

/** Related transactions: date, name and sum. */
export const RelatedList = ({
  title,
  rows,
  context = 'default',
}: {
  title: ReactNode
  rows: readonly RelatedTransaction[]
  /** `health`: the rows are health contributions (the social security card), named so. */
  context?: 'default' | 'health'
}) => {
  const { t } = useLingui()
  const coreName = useCoreName(context)
  const fmt = useFormat()
  return (
    <table className="mini-table">
      <caption>{title}</caption>
      <TableHead columns={[t`Date`, t`Name`, { label: t`Sum`, num: true }]} />
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: related rows may repeat an id across months
          <tr key={i}>
            <td>{fmt.date(r.date)}</td>
            <th scope="row">{coreName(String(r.dataObject.name ?? ''))}</th>
            <td className="num">
              <Amount value={(r.dataObject.sum ?? r.dataObject.amount) as string | undefined} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
