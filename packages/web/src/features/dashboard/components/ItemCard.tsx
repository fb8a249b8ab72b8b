import { Trans, useLingui } from '@lingui/react/macro'
import { TrashButton } from '../../../ui/PencilToggle.tsx'
import type { ItemKind } from '../monthly/monthlyMachine.ts'
import type { Transaction } from '../types.ts'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from './Amount.tsx'
import { Facts, type FlagsHandler, TxCard } from './TxCard.tsx'

type Props = {
  transaction: Transaction
  onFlags: FlagsHandler
  /** Asks to delete the underlying item; absent when the row does not come from an item. */
  onDelete?: (kind: ItemKind, itemId: number, name: string) => void
}

/** A revenue or fee of the month; the trash icon deletes the income or expense item it comes from. */
export const ItemCard = ({ transaction, onFlags, onDelete }: Props) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const d = transaction.dataObject
  const kind: ItemKind = transaction.eventType === '1_Revenue' ? 'revenue' : 'fee'
  const name = d.displayName ?? d.name ?? ''
  const itemId = typeof d.itemId === 'number' ? d.itemId : undefined
  return (
    <TxCard
      transaction={transaction}
      title={name}
      onFlags={onFlags}
      actions={
        onDelete && itemId !== undefined ? (
          <TrashButton label={t`Delete ${name}`} onClick={() => onDelete(kind, itemId, name)} />
        ) : undefined
      }
    >
      <Facts
        rows={[
          [t`Date`, fmt.date(transaction.date)],
          [t`Net`, <Amount key="a" value={d.amount} />],
          ...(d.currency
            ? [[t`Net in the currency`, `${fmt.amount(d.currency.amount)} ${d.currency.code}`] as [string, string]]
            : []),
          [
            t`VAT`,
            <span key="v">
              {fmt.percent(d.percent ?? '0')} · <Amount value={d.vatAmount} />
            </span>,
          ],
          [t`Gross`, <Amount key="s" value={d.sum} />],
        ]}
      />
      {d.isCompany && (
        <p className="badge badge--company">
          <Trans context="item badge">Company</Trans>
        </p>
      )}
    </TxCard>
  )
}

/** The revenue list or the fee list of the month. */
export const ItemList = ({
  title,
  transactions,
  onFlags,
  onDelete,
}: {
  title: React.ReactNode
  transactions: readonly Transaction[]
  onFlags: FlagsHandler
  onDelete?: Props['onDelete']
}) => (
  <section className="item-list">
    <h3>{title}</h3>
    {transactions.length === 0 ? (
      <p className="empty">—</p>
    ) : (
      transactions.map((tx) => <ItemCard key={tx.id} transaction={tx} onFlags={onFlags} onDelete={onDelete} />)
    )}
  </section>
)
