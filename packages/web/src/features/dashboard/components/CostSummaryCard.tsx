import { Trans, useLingui } from '@lingui/react/macro'
import { Card } from '../../../ui/Card.tsx'
import type { CostGroup, CostGroups } from '../monthly/monthlyMachine.ts'
import { costOutstanding, costSummary } from '../rules.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'
import { CheckboxRow } from './CheckboxRow.tsx'

type Props = {
  transactions: readonly Transaction[]
  groups: CostGroups
  onChange: (group: CostGroup, value: boolean) => void
}

/**
 * SPEC §2/§5 cost summary: VAT, PIT, Social Security and Company fees checkboxes and the total; below it, what of
 * the total is still to pay (rows not completed, and the remainder of rows whose amount grew after the payment).
 */
export const CostSummaryCard = ({ transactions, groups, onChange }: Props) => {
  const { t } = useLingui()
  const labels: [CostGroup, string][] = [
    ['vat', t`VAT`],
    ['pit', t`PIT`],
    ['socialSecurity', t`Social Security`],
    ['companyFees', t`Company fees`],
  ]
  return (
    <Card title={t`Cost summary`} headingLevel={3} className="cost-summary">
      <CheckboxRow
        legend={
          <legend className="visually-hidden">
            <Trans>Include in the cost summary</Trans>
          </legend>
        }
        items={labels}
        checked={(group) => groups[group]}
        onChange={onChange}
      />
      <p className="cost-summary__total">
        <Trans>Total</Trans>: <Amount value={costSummary(transactions, groups)} className="cost-total" />
      </p>
      <p className="cost-summary__outstanding">
        <Trans>Still to pay</Trans>:{' '}
        <Amount value={costOutstanding(transactions, groups)} className="cost-outstanding" />
      </p>
    </Card>
  )
}
