import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useRef } from 'react'
import { Button } from './Button.tsx'
import { Modal } from './Modal.tsx'

type Props = {
  open: boolean
  /** Defaults to 'This item will be deleted. Do you confirm?' (SPEC §2). */
  message?: ReactNode
  title?: ReactNode
  onConfirm: () => void
  onCancel: () => void
  confirmLabel?: ReactNode
  cancelLabel?: ReactNode
  /** Extra buttons (e.g. the reset popup's two choices) instead of Yes. */
  children?: ReactNode
  /** The confirmed action is under way: Yes is disabled and says so, and a second press does nothing. */
  busy?: boolean
}

/**
 * Modal confirmation: Cancel and Yes. Focus starts on Cancel (the safe choice), Tab stays inside, Escape cancels,
 * and focus returns to the button that opened it.
 */
export const ConfirmDialog = ({
  open,
  message,
  title,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  children,
  busy = false,
}: Props) => {
  const { t } = useLingui()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const messageId = useId()
  if (!open) return null
  return (
    <Modal onClose={onCancel} labelledBy={titleId} describedBy={messageId} initialFocus={cancelRef}>
      <h2 className="dialog__title" id={titleId}>
        {title ?? t`Confirm`}
      </h2>
      <p className="dialog__message" id={messageId}>
        {message ?? t`This item will be deleted. Do you confirm?`}
      </p>
      <div className="dialog__buttons">
        <Button variant="secondary" ref={cancelRef} onClick={onCancel}>
          {cancelLabel ?? t`Cancel`}
        </Button>
        {children ?? (
          <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel ?? t`Yes`}
          </Button>
        )}
      </div>
    </Modal>
  )
}
