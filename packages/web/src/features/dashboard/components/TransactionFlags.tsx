import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../ui/Button.tsx'
import { Checkbox } from '../../../ui/Field.tsx'
import { hasRemainder, owesRemainder } from '../payment.ts'
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
 */
export const TransactionFlags = ({ transaction: t, onChange, disabled }: Props) => {
  const { t: tr } = useLingui()
  return (
    <div className="tx-flags">
      <Checkbox
        label={tr`Completed`}
        checked={t.completed}
        disabled={disabled}
        onChange={(e) => onChange(t.id, { completed: e.currentTarget.checked })}
      />
      {(!t.completed || owesRemainder(t)) && (
        <>
          <Checkbox
            label={tr`Notification`}
            checked={t.notification}
            disabled={disabled}
            onChange={(e) => onChange(t.id, { notification: e.currentTarget.checked })}
          />
          <Checkbox label={tr`Sent`} checked={t.notificationCompleted} readOnly disabled aria-readonly="true" />
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
