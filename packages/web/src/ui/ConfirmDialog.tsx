import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from './Button.tsx'

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
}

/** Modal confirmation: Cancel and Yes; Escape cancels; focus starts on Cancel. */
export const ConfirmDialog = ({
  open,
  message,
  title,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  children,
}: Props) => {
  const { t } = useLingui()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  useEffect(() => {
    if (open) cancelRef.current?.focus()
  }, [open])
  if (!open) return null
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel()
        }}
      >
        <h2 className="dialog__title" id={titleId}>
          {title ?? t`Confirm`}
        </h2>
        <p className="dialog__message">{message ?? t`This item will be deleted. Do you confirm?`}</p>
        <div className="dialog__buttons">
          <Button variant="secondary" ref={cancelRef} onClick={onCancel}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          {children ?? (
            <Button variant="danger" onClick={onConfirm}>
              {confirmLabel ?? t`Yes`}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
