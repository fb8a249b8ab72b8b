import { Trans } from '@lingui/react/macro'
import { money2 } from '../money.ts'
import { hasRemainder } from '../payment.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'

/**
 * "paid 345.00 zł — now 360.00 zł — 15.00 zł to pay": shown on a completed transaction whose amount changed after
 * it was paid (received, for a revenue). Nothing otherwise.
 */
export const PaymentState = ({ transaction: t }: { transaction: Transaction }) => {
  if (!hasRemainder(t)) return null
  const remaining = money2(t.remainingAmount)
  const over = remaining.startsWith('-')
  const rest = over ? remaining.slice(1) : remaining
  const paid = t.paidAmount
  const now = t.dataObject.sum
  const revenue = t.eventType === '1_Revenue'
  return (
    <p className={`payment-state ${over ? 'payment-state--over' : 'payment-state--owing'}`}>
      {revenue && over && (
        <Trans>
          received <Amount value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> more than due
        </Trans>
      )}
      {revenue && !over && (
        <Trans>
          received <Amount value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> to receive
        </Trans>
      )}
      {!revenue && over && (
        <Trans>
          paid <Amount value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> overpaid
        </Trans>
      )}
      {!revenue && !over && (
        <Trans>
          paid <Amount value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> to pay
        </Trans>
      )}
    </p>
  )
}
