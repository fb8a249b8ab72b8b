import { useLingui } from '@lingui/react/macro'

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
    <button
      type="button"
      className={`icon-button${editing ? ' icon-button--active' : ''}`}
      aria-pressed={editing}
      aria-label={editing ? t`Cancel editing` : t`Edit`}
      title={editing ? t`Cancel editing` : t`Edit`}
      onClick={onToggle}
      disabled={disabled}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
        />
      </svg>
    </button>
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
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label ?? t`Delete`}
      title={label ?? t`Delete`}
      onClick={onClick}
      disabled={disabled}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
      </svg>
    </button>
  )
}
