import { Trans, useLingui } from '@lingui/react/macro'
import { isPositive } from '../money.ts'
import type { Transaction } from '../types.ts'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from './Amount.tsx'
import { Breakdown, SettlementNotice } from './Breakdown.tsx'
import { JpkV7Button, periodInWords } from './JpkV7Button.tsx'
import { VatRows } from './RelatedList.tsx'
import { Facts, type FlagsHandler, TxCard } from './TxCard.tsx'
import { type VatRefundEffects, VatRefundPanel } from './VatRefundPanel.tsx'

/**
 * SPEC §2 VAT card; 'Payment for' and the related fee lists only when relatedTransactionsSum > 0; the refund of an
 * excess (`refund`: how to save it; without, the card only says what was asked for).
 */
export const VatCard = ({
  transaction,
  onFlags,
  refund,
}: {
  transaction: Transaction
  onFlags: FlagsHandler
  refund?: VatRefundEffects
}) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const d = transaction.dataObject
  const related = isPositive(d.relatedTransactionsSum)
  return (
    <TxCard transaction={transaction} title={t`VAT`} onFlags={onFlags}>
      <Facts
        rows={[
          [t`To pay`, <Amount key="sum" value={d.sum} />],
          [t`Rate`, d.percent ? fmt.percent(d.percent) : '—'],
          [t`Payment interval (months)`, String(d.paymentInterval ?? '—')],
        ]}
      />
      <SettlementNotice transaction={transaction} />
      {related && (
        <section className="payment-for">
          <h4>
            <Trans>Payment for</Trans> {d.period ? periodInWords(fmt, d.period) : ''}
          </h4>
          <VatRows title={t`Company revenues`} rows={d.companyRevenues ?? []} />
          <VatRows title={t`Company fees`} rows={d.companyFees ?? []} />
          <p className="related-sum">
            <Trans>Related transactions sum</Trans>: <Amount value={d.relatedTransactionsSum} />
          </p>
        </section>
      )}
      <VatRefundPanel transaction={transaction} effects={refund} />
      <Breakdown transaction={transaction} />
      {d.period && <JpkV7Button period={d.period} />}
    </TxCard>
  )
}
