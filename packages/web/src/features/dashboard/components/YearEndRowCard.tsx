import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useFormat } from '../../../i18n/format.ts'
import { isZero } from '../money.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'
import { Facts, type FlagsHandler, TxCard } from './TxCard.tsx'

/** `true` for the rows of the year end: the annual return's difference and the annual health settlement. */
export const isYearEndRow = (t: Transaction): boolean => {
  const b = t.dataObject.breakdown
  return b != null && ('annualForm' in b || 'healthSettlementYear' in b)
}

/** The props of a transaction's card on the monthly dashboard. */
export interface TxCardProps {
  readonly transaction: Transaction
  readonly onFlags: FlagsHandler
}

/** A tax row's card that shows a year-end row (the annual return, the health settlement) as the year end's card. */
export const orYearEndRow =
  (Card: (props: TxCardProps) => ReactNode) =>
  (props: TxCardProps): ReactNode =>
    isYearEndRow(props.transaction) ? <YearEndRowCard {...props} /> : <Card {...props} />

/**
 * The card of a year-end row on the monthly dashboard: the annual return (PIT-36, PIT-36L, PIT-28) due 30 April, or
 * the health settlement due with the DRA for April — the figures behind the amount, the refund or overpayment when
 * there is nothing to pay, and the row's flags like every tax row.
 */
export const YearEndRowCard = ({ transaction, onFlags }: TxCardProps) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const b = transaction.dataObject.breakdown ?? {}
  const money = (key: string) => <Amount key={key} value={b[key]} />
  if ('annualForm' in b) {
    const flat = b.annualForm === 'PIT-28'
    const rows: [ReactNode, ReactNode, string][] = [[t`Revenue`, money('revenue'), 'revenue']]
    if (!flat) {
      rows.push([t`Costs (Fundusz Pracy included)`, money('costs'), 'costs'])
      rows.push([t`Income`, money('income'), 'income'])
    }
    rows.push([t`Social contributions deducted`, money('socialDeducted'), 'socialDeducted'])
    if (b.annualForm !== 'PIT-36')
      rows.push([t`Health contributions deducted`, money('healthDeducted'), 'healthDeducted'])
    if (!flat && !isZero(b.deductions)) rows.push([t`Other deductions`, money('deductions'), 'deductions'])
    rows.push([t`Tax base`, money('base'), 'base'])
    rows.push([t`Tax due`, money('tax'), 'tax'])
    rows.push([t`Advances for the year`, money('advances'), 'advances'])
    rows.push(
      isZero(b.refund)
        ? [t`To pay`, <Amount key="a" value={transaction.dataObject.amount} />, 'toPay']
        : [t`To be refunded`, money('refund'), 'refund'],
    )
    const year = transaction.dataObject.period?.from.slice(0, 4) ?? ''
    return (
      <TxCard transaction={transaction} title={t`Annual return ${b.annualForm} for ${year}`} onFlags={onFlags}>
        <Facts rows={rows} />
      </TxCard>
    )
  }
  const overpaid = !isZero(b.overpaid)
  const period = transaction.dataObject.period
  return (
    <TxCard
      transaction={transaction}
      title={t`Annual health settlement ${fmt.month(period?.from ?? '')} – ${fmt.month(period?.to ?? '')}`}
      onFlags={onFlags}
    >
      <Facts
        rows={[
          [t`Insured months`, b.months ?? '—', 'months'],
          [t`The year's income or revenue`, money('basis'), 'basis'],
          [t`Contribution computed`, money('computed'), 'computed'],
          ...(b.minimum && !isZero(b.minimum)
            ? ([[t`Minimum (the months summed)`, money('minimum'), 'minimum']] as [ReactNode, ReactNode, string][])
            : []),
          [t`The year's contribution`, money('dueForYear'), 'due'],
          [t`Monthly contributions`, money('paid'), 'paid'],
          overpaid
            ? [t`Overpaid (refunded on request)`, money('overpaid'), 'overpaid']
            : [t`To pay with the DRA for April`, <Amount key="a" value={transaction.dataObject.amount} />, 'toPay'],
        ]}
      />
      {overpaid && (
        <p className="year-end__note">
          <Trans>ZUS returns an overpayment on a request filed with the DRA for April.</Trans>
        </p>
      )}
    </TxCard>
  )
}
