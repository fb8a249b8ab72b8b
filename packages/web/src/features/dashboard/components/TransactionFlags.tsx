import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../../../ui/Button.tsx'
import { localToday } from '../../../ui/DatePicker.tsx'
import { Checkbox } from '../../../ui/Field.tsx'
import { useFormat } from '../../../i18n/format.ts'
import { hasRemainder, isLate, owesRemainder } from '../payment.ts'
import type { Transaction, TransactionFlags as Flags } from '../types.ts'

type Props = {
  transaction: Transaction
  onChange: (id: string, flags: Flags) => void
  disabled?: boolean
}

/**
 * Completed and Notification checkboxes that save at once; when completed the notification options are hidden —
 * unless the amount grew after the payment: then the remainder can be reminded of, and one button records the new
 * amount as paid. The read-only Sent box shows whether the reminder went out (notificationCompleted).
 * A month's ZUS row asks the day it was paid (today by default): contributions are deducted on it, in the advances
 * and the annual return alike; once paid, the card says the day (`PaidOn`), not the flags.
 */
export const TransactionFlags = ({ transaction: t, onChange, disabled }: Props) => {
  const { t: tr } = useLingui()
  const [paidOn, setPaidOn] = useState(() => localToday())
  const contributions = t.eventType === '5_SocialSecurity' && t.id.startsWith('zus-')
  const today = localToday()
  // A day still to come is no payment (the server refuses it too).
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(paidOn) && paidOn <= today
  return (
    <div className="tx-flags">
      <Checkbox
        label={tr`Completed`}
        checked={t.completed}
        disabled={disabled || (contributions && !t.completed && !validDay)}
        onChange={(e) =>
          onChange(
            t.id,
            contributions && e.currentTarget.checked
              ? { completed: true, paidOn }
              : { completed: e.currentTarget.checked },
          )
        }
      />
      {contributions && !t.completed && (
        <label className="tx-flags__paid-on">
          <span>{tr`Paid on`}</span>
          <input
            type="date"
            value={paidOn}
            max={today}
            disabled={disabled}
            aria-invalid={validDay ? undefined : true}
            onChange={(e) => setPaidOn(e.currentTarget.value)}
          />
        </label>
      )}
      {(!t.completed || owesRemainder(t)) && (
        <>
          <Checkbox
            label={tr`Notification`}
            checked={t.notification}
            disabled={disabled}
            onChange={(e) => onChange(t.id, { notification: e.currentTarget.checked })}
          />
          <Checkbox label={tr`Sent`} checked={t.notificationCompleted} readOnly disabled aria-readonly="true" />
          <ReminderNote transaction={t} />
        </>
      )}
      {hasRemainder(t) && (
        <Button variant="secondary" disabled={disabled} onClick={() => onChange(t.id, { completed: true })}>
          <Trans>Mark the new amount as paid</Trans>
        </Button>
      )}
    </div>
  )
}

/**
 * When the reminder of a row with the notification on will go (docs/api.md, Reminders): the job mails an open row in
 * the days before its due date, and the remainder of a completed row at its next run; an open row already past its
 * due date gets none, and the box says so instead of saying nothing.
 */
const ReminderNote = ({ transaction: t }: { transaction: Transaction }) => {
  const { t: tr } = useLingui()
  const fmt = useFormat()
  if (!t.notification || t.notificationCompleted) return null
  const due = fmt.date(t.dataObject.dueDate ?? t.date)
  const note = owesRemainder(t)
    ? tr`The reminder of the remainder goes out by e-mail at the next check, within a quarter of an hour.`
    : isLate(t)
      ? tr`No reminder will go: reminders are sent before the due date, and ${due} has passed. Pay it as soon as you can.`
      : tr`A reminder goes out by e-mail in the last three days before the due date, ${due}.`
  return (
    <p className="tx-flags__note" role="status">
      {note}
    </p>
  )
}
