import { Trans, useLingui } from '@lingui/react/macro'
import { isPositive } from '../money.ts'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from './Amount.tsx'
import { Breakdown, SettlementNotice } from './Breakdown.tsx'
import { RelatedList } from './RelatedList.tsx'
import { Facts, TxCard } from './TxCard.tsx'
import { orYearEndRow } from './YearEndRowCard.tsx'

const isRevenue = (eventType: string | undefined) => eventType === '1_Revenue' || eventType === '7_CompanyRevenues'
const isFee = (eventType: string | undefined) => eventType === '2_Fee' || eventType === '8_CompanyFees'

/** SPEC §2 PIT card: tax type, rate, interval, the month's revenues and fees, deductions, income and sum. */
export const PitCard = orYearEndRow(({ transaction, onFlags }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const d = transaction.dataObject
  const related = d.relatedTransactions ?? []
  const revenues = related.filter((r) => isRevenue(r.eventType))
  const fees = related.filter((r) => isFee(r.eventType))
  const taxTypeLabels: Record<string, string> = { Flat: t`Flat rate`, Linear: t`Linear`, Scale: t`Tax scale` }
  return (
    <TxCard transaction={transaction} title={t`PIT`} onFlags={onFlags}>
      <Facts
        rows={[
          [t`Tax type`, taxTypeLabels[d.taxType ?? ''] ?? d.taxType ?? '—'],
          [t`Rate`, d.rate || d.percent ? fmt.percent(String(d.rate ?? d.percent)) : '—'],
          [t`Payment interval (months)`, String(d.paymentInterval ?? '—')],
          [t`Health insurance`, <Amount key="h" value={d.deductions?.healthInsurance} />],
          [t`Social security`, <Amount key="s" value={d.deductions?.socialSecurity} />],
          [t`Other deductions`, <Amount key="o" value={d.deductions?.other} />],
          [t`Income`, <Amount key="i" value={d.income} />],
          [t`To pay`, <Amount key="sum" value={d.sum} />],
        ]}
      />
      <SettlementNotice transaction={transaction} />
      {revenues.length > 0 && <RelatedList title={t`Revenues`} rows={revenues} />}
      {fees.length > 0 && <RelatedList title={t`Costs`} rows={fees} />}
      {isPositive(d.relatedTransactionsSum) && (
        <p className="related-sum">
          <Trans>Related transactions sum</Trans>: <Amount value={d.relatedTransactionsSum} />
        </p>
      )}
      <Breakdown transaction={transaction} />
    </TxCard>
  )
})
