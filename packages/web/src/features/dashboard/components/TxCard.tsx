import type { ReactNode } from 'react'
import { Card } from '../../../ui/Card.tsx'
import type { Transaction, TransactionFlags as Flags } from '../types.ts'
import { isLate, isSettled } from '../payment.ts'
import { DueDate } from './DueDate.tsx'
import { PaidOn, PaymentState } from './PaymentState.tsx'
import { TransactionFlags } from './TransactionFlags.tsx'

export type FlagsHandler = (id: string, flags: Flags) => void

type Props = {
  transaction: Transaction
  title: ReactNode
  onFlags: FlagsHandler
  actions?: ReactNode
  children?: ReactNode
}

/**
 * A transaction's card: dimmed when completed (and paid in full at today's amount), highlighted for company rows,
 * with its due date, what was paid and what remains when the amount changed after the payment, and its flags.
 */
export const TxCard = ({ transaction, title, onFlags, actions, children }: Props) => {
  const late = isLate(transaction)
  return (
    <Card
      title={title}
      actions={actions}
      headingLevel={3}
      dimmed={isSettled(transaction)}
      highlighted={transaction.dataObject.isCompany === true}
      className={`tx-card tx-card--${transaction.eventType.replace(/^\d_/, '').toLowerCase()}${late ? ' tx-card--overdue' : ''}`}
      footer={
        <>
          <DueDate transaction={transaction} />
          <PaidOn transaction={transaction} />
          <PaymentState transaction={transaction} />
          <TransactionFlags transaction={transaction} onChange={onFlags} />
        </>
      }
    >
      <div data-testid={`tx-card-${transaction.id}`}>{children}</div>
    </Card>
  )
}

/** A label/value list for card bodies. */
export const Facts = ({ rows }: { rows: readonly [ReactNode, ReactNode, string?][] }) => (
  <dl className="facts">
    {rows.map(([label, value, key], i) => (
      <div className="facts__row" key={key ?? i}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ))}
  </dl>
)
