import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import './FileInput.css'

export type FileInputProps = {
  /** What the file is ("Private key (.key, .pem)"); it is the input's accessible name. */
  label: ReactNode
  /** The file chooser's `accept` filter. */
  accept?: string
  disabled?: boolean
  /** Called with the chosen file, or null when the choice is cancelled. */
  onFile: (file: File | null) => void
  /**
   * Clear the chooser after each choice (an import that acts at once, so the same file can be chosen again) instead
   * of showing the chosen file's name (a form that is sent later).
   */
  clearAfterChoice?: boolean
}

/**
 * A file chooser that speaks the app's language. The browser's own control says "Choose File / No file chosen" in the
 * browser's language, whatever the app's; here the button and the file's name are the app's text, and the real input
 * (visually hidden, still focusable and labelled) is what the keyboard, screen readers and tests use.
 */
export const FileInput = ({ label, accept, disabled, onFile, clearAfterChoice }: FileInputProps) => {
  const { t } = useLingui()
  const id = useId()
  const [name, setName] = useState<string | null>(null)
  return (
    <div className={`file-input${disabled ? ' file-input--disabled' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="file-input__row">
        <label className="btn btn--secondary file-input__choose">
          {t`Choose file`}
          <input
            type="file"
            className="visually-hidden"
            accept={accept}
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-name`}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null
              if (clearAfterChoice) e.target.value = ''
              else setName(file?.name ?? null)
              onFile(file)
            }}
          />
        </label>
        {!clearAfterChoice && (
          <span className="file-input__name" id={`${id}-name`}>
            {name ?? t`No file chosen`}
          </span>
        )}
      </div>
    </div>
  )
}
