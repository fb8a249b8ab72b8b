import { useLingui } from '@lingui/react/macro'
import type { ButtonHTMLAttributes } from 'react'
import { Icon, type IconName } from './icons.tsx'

/** A small button that shows only its icon: its label is its accessible name and its tooltip. */
const IconButton = ({
  icon,
  label,
  className = 'icon-button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon: IconName; label: string }) => (
  <button type="button" className={className} aria-label={label} title={label} {...rest}>
    <Icon name={icon} size={20} />
  </button>
)

/** The pencil icon that toggles a panel between view and edit mode (SPEC §2, §4). */
export const PencilToggle = ({
  editing,
  onToggle,
  disabled,
}: {
  editing: boolean
  onToggle: () => void
  disabled?: boolean
}) => {
  const { t } = useLingui()
  return (
    <IconButton
      icon="pencil"
      label={editing ? t`Cancel editing` : t`Edit`}
      className={`icon-button${editing ? ' icon-button--active' : ''}`}
      aria-pressed={editing}
      onClick={onToggle}
      disabled={disabled}
    />
  )
}

/** The trash icon of item cards. */
export const TrashButton = ({
  onClick,
  label,
  disabled,
}: {
  onClick: () => void
  label?: string
  disabled?: boolean
}) => {
  const { t } = useLingui()
  return <IconButton icon="trash" label={label ?? t`Delete`} onClick={onClick} disabled={disabled} />
}
