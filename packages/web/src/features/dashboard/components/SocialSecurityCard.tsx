import { Trans, useLingui } from '@lingui/react/macro'
import { isZero } from '../money.ts'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from './Amount.tsx'
import { Breakdown, SettlementNotice } from './Breakdown.tsx'
import { RelatedList } from './RelatedList.tsx'
import { Facts, TxCard } from './TxCard.tsx'
import { orYearEndRow } from './YearEndRowCard.tsx'

/**
 * SPEC §2 social security card; 'Not data' when nothing is related and the amount is 0. Social and health add up
 * to "To pay": SPEC's "short social security" is that same figure (the core's `shortSocialSecurity`), so the card
 * shows it once instead of beside a recomputed second total.
 */
export const SocialSecurityCard = orYearEndRow(({ transaction, onFlags }) => {
  const { t } = useLingui()
  const fmt = useFormat()
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
          [t`Health insurance rate`, d.percent ? fmt.percent(d.percent) : '—'],
          [t`Health insurance base`, <Amount key="i" value={d.income} />],
          [t`To pay`, <Amount key="s" value={d.amount} />],
        ]}
      />
      <SettlementNotice transaction={transaction} />
      {related.length > 0 && <RelatedList title={t`Related transactions`} rows={related} context="health" />}
      <Breakdown transaction={transaction} />
    </TxCard>
  )
})
