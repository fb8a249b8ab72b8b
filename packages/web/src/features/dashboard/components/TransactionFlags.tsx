import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '../../../ui/Field.tsx'
import type { Transaction, TransactionFlags as Flags } from '../types.ts'

type Props = {
  transaction: Transaction
  onChange: (id: number, flags: Flags) => void
  disabled?: boolean
}

/**
 * Completed and Notification checkboxes that save at once; when completed the notification options are hidden.
 * The read-only Sent box shows whether the reminder went out (notificationCompleted).
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
      {!t.completed && (
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
    </div>
  )
}
