import { Trans, useLingui } from '@lingui/react/macro'
import { isZero } from '../money.ts'
import { shortSocialSecurity } from '../rules.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'
import { Breakdown, SettlementNotice } from './Breakdown.tsx'
import { RelatedList } from './RelatedList.tsx'
import { Facts, type FlagsHandler, TxCard } from './TxCard.tsx'
import { isYearEndRow, YearEndRowCard } from './YearEndRowCard.tsx'

/** SPEC §2 social security card; 'Not data' when nothing is related and the amount is 0. */
export const SocialSecurityCard = ({ transaction, onFlags }: { transaction: Transaction; onFlags: FlagsHandler }) => {
  const { t } = useLingui()
  if (isYearEndRow(transaction)) return <YearEndRowCard transaction={transaction} onFlags={onFlags} />
  const d = transaction.dataObject
  const related = d.relatedTransactions ?? []
  if (related.length === 0 && isZero(d.amount)) {
    return (
      <TxCard transaction={transaction} title={t`Social security`} onFlags={onFlags}>
        <p className="empty">
          <Trans>Not data</Trans>
        </p>
      </TxCard>
    )
  }
  return (
    <TxCard transaction={transaction} title={t`Social security`} onFlags={onFlags}>
      <Facts
        rows={[
          [t`Social contributions`, <Amount key="a" value={d.deductions?.socialSecurity} />],
          [t`Health insurance`, <Amount key="h" value={d.deductions?.healthInsurance} />],
          [t`Health insurance rate`, `${d.percent ?? '—'} %`],
          [t`Income`, <Amount key="i" value={d.income} />],
          [t`Short social security`, <Amount key="short" value={shortSocialSecurity(transaction)} />],
          [t`To pay`, <Amount key="s" value={d.amount} />],
        ]}
      />
      <SettlementNotice transaction={transaction} />
      {related.length > 0 && <RelatedList title={t`Related transactions`} rows={related} />}
      <Breakdown transaction={transaction} />
    </TxCard>
  )
}
