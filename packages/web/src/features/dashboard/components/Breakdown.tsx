import { Trans, useLingui } from '@lingui/react/macro'
import { isMoneyString } from '@finance/ledger-core/money.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'

/**
 * "How it is computed": the figures behind a tax row as the core sent them (`dataObject.breakdown`), so the
 * user can follow the arithmetic (VAT output/input/carry, PIT year-to-date base and advances, ZUS parts).
 */
export const Breakdown = ({ transaction }: { transaction: Transaction }) => {
  const { t } = useLingui()
  const breakdown = transaction.dataObject.breakdown
  if (!breakdown) return null
  const labels: Record<string, string> = {
    output: t`Output VAT`,
    input: t`Input VAT`,
    carriedIn: t`Carried from earlier periods`,
    balance: t`Balance`,
    due: t`Due`,
    carryOut: t`Carried forward`,
    revenue: t`Revenue of the period`,
    costs: t`Costs of the period`,
    social: t`Social contributions`,
    healthDeducted: t`Health insurance deducted`,
    deductions: t`Other deductions`,
    revenueYearToDate: t`Revenue since 1 January`,
    costsYearToDate: t`Costs since 1 January`,
    socialYearToDate: t`Social contributions since 1 January`,
    healthDeductedYearToDate: t`Health insurance deducted since 1 January`,
    deductionsYearToDate: t`Other deductions since 1 January`,
    base: t`Tax base`,
    taxYearToDate: t`Tax since 1 January`,
    advancesBefore: t`Advances paid before`,
    advance: t`Advance`,
    labourFund: t`Labour Fund`,
    health: t`Health insurance`,
    healthBase: t`Health insurance base`,
    healthMinimumApplied: t`Health insurance minimum applied`,
    flatTier: t`Flat-rate health tier`,
    total: t`Total`,
    statutoryDueDate: t`Statutory due date`,
  }
  const entries = Object.entries(breakdown).filter(([key]) => key in labels)
  if (entries.length === 0) return null
  const value = (v: string) => {
    if (v === 'true') return t`Yes`
    if (v === 'false') return t`No`
    if (v === 'none' || v === 'null') return '—'
    return isMoneyString(v) && v.includes('.') ? <Amount value={v} /> : v
  }
  return (
    <details className="breakdown">
      <summary>
        <Trans>How it is computed</Trans>
      </summary>
      <dl className="facts">
        {entries.map(([key, v]) => (
          <div className="facts__row" key={key}>
            <dt>{labels[key]}</dt>
            <dd>{value(v)}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
