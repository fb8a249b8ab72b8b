import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../../i18n/format.ts'
import { money2 } from '../money.ts'
import { hasRemainder, isPartlyPaid } from '../payment.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'

/** The day paid as every date reads: "20 Jan 2026" / "20 sty 2026". */
const usePaidDay = (paidOn: string | null): string | null => {
  const fmt = useFormat()
  return paidOn ? fmt.date(paidOn) : null
}

/** What was paid, with the day when it is known: "20 Jan 2026, PLN 345.00". */
const PaidAmount = ({ day, value }: { day: string | null; value: string | null }) => (
  <>
    {day && `${day}, `}
    <Amount value={value} />
  </>
)

/**
 * "partly paid 10 Feb 2026, PLN 1,000.00 — PLN 1,241.72 to pay": an open transaction that bank lines paid in part
 * (received, for a revenue). It is not completed: what was paid and what is left, as the row stands.
 */
const PartlyPaid = ({ transaction: t, day }: { transaction: Transaction; day: string | null }) => {
  const paid = t.paidAmount ?? null
  const rest = t.remainingAmount ?? null
  return (
    <p className="payment-state payment-state--owing payment-state--partly">
      {t.eventType === '1_Revenue' ? (
        <Trans>
          partly received <PaidAmount day={day} value={paid} /> — <Amount value={rest} /> to receive
        </Trans>
      ) : (
        <Trans>
          partly paid <PaidAmount day={day} value={paid} /> — <Amount value={rest} /> to pay
        </Trans>
      )}
    </p>
  )
}

/**
 * "paid 20 Jan 2026, PLN 345.00 — now PLN 360.00 — PLN 15.00 to pay": shown on a completed transaction whose amount
 * changed after it was paid (received, for a revenue), in place of `PaidOn`, so the day paid is said once; on an open
 * one paid in part, what was paid and what is left (`PartlyPaid`). Nothing otherwise.
 */
export const PaymentState = ({ transaction: t }: { transaction: Transaction }) => {
  const day = usePaidDay(t.paidOn ?? null)
  if (isPartlyPaid(t)) return <PartlyPaid transaction={t} day={day} />
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
          received <PaidAmount day={day} value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> more
          than due
        </Trans>
      )}
      {revenue && !over && (
        <Trans>
          received <PaidAmount day={day} value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> to
          receive
        </Trans>
      )}
      {!revenue && over && (
        <Trans>
          paid <PaidAmount day={day} value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> overpaid
        </Trans>
      )}
      {!revenue && !over && (
        <Trans>
          paid <PaidAmount day={day} value={paid} /> — now <Amount value={now} /> — <Amount value={rest} /> to pay
        </Trans>
      )}
    </p>
  )
}

/**
 * "paid 20 Jan 2026, PLN 1,926.76" (received, for a revenue): a completed row whose payment day is known — the one place
 * a row says when it was paid (a row paid before its amount changed says it in `PaymentState` instead).
 */
export const PaidOn = ({ transaction: t }: { transaction: Transaction }) => {
  const day = usePaidDay(t.paidOn ?? null)
  if (!t.completed || !day || hasRemainder(t)) return null
  const paid = t.paidAmount ?? t.dataObject.sum
  return (
    <p className="payment-state payment-state--paid-on">
      {t.eventType === '1_Revenue' ? (
        <Trans>
          received {day}, <Amount value={paid} />
        </Trans>
      ) : (
        <Trans>
          paid {day}, <Amount value={paid} />
        </Trans>
      )}
    </p>
  )
}
