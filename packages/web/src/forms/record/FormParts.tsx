import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Button, Checkbox, FormErrors, Loader } from '../../ui/index.ts'
import { useTranslateMessage } from './messages.ts'
import '../forms.css'
import type { RecordForm } from './useRecordForm.ts'

/** Save and Cancel: Save is disabled and the loader shows while submitting (SPEC §4). */
export const FormActions = ({
  form,
  saveLabel,
  showCancel = true,
}: {
  form: RecordForm
  saveLabel?: string
  showCancel?: boolean
}) => {
  const { t } = useLingui()
  return (
    <div className="form-actions">
      {showCancel && (
        <Button variant="secondary" onClick={() => form.send({ type: 'CANCEL' })} disabled={form.submitting}>
          {t`Cancel`}
        </Button>
      )}
      <Button type="submit" disabled={form.submitting} aria-busy={form.submitting}>
        {saveLabel ?? t`Save`}
      </Button>
      <Loader active={form.submitting} />
    </div>
  )
}

/**
 * Form-level errors (server answers, 'No changes on the form'), the 'Save anyway' override for warnings, and after a
 * save that found the record changed elsewhere, a Reload that takes the latest version and keeps what was typed.
 */
export const FormMessages = ({
  form,
  labels = {},
}: {
  form: RecordForm
  /** The form's field labels by path: a server's message about one of them names it as the form does. */
  labels?: Readonly<Record<string, string>>
}) => {
  const { t } = useLingui()
  const translate = useTranslateMessage()
  const hasWarnings = Object.keys(form.context.warnings).length > 0
  const { fieldErrors } = form.context
  const labelOf = (text: string) => {
    const path = Object.keys(fieldErrors).find((p) => fieldErrors[p] === text)
    return path === undefined ? undefined : labels[path]
  }
  return (
    <>
      <FormErrors errors={form.context.errors.map((text) => translate(text, labelOf(text)))} />
      {(form.context.stale || form.refreshing) && (
        <div className="form-warning" role="status">
          <p>{t`Your changes are still in the form. Reload to see the latest version, then save again or cancel.`}</p>
          <Button
            variant="secondary"
            onClick={() => form.send({ type: 'RELOAD_LATEST' })}
            disabled={form.refreshing}
            aria-busy={form.refreshing}
          >
            {t`Reload`}
          </Button>
        </div>
      )}
      {hasWarnings && (
        <ChecksumOverride
          checked={form.context.override}
          onChange={(value) => form.send({ type: 'OVERRIDE', value })}
        />
      )}
    </>
  )
}

/**
 * The warning that a number fails its checksum (a NIP's or REGON's check digit), with the box that lets the user go on
 * with it anyway (a foreign or legacy number): the record forms' 'Save anyway', and the set-up's step that takes the
 * company's NIP, which goes on to the next step rather than saving (`label`).
 */
export const ChecksumOverride = ({
  checked,
  onChange,
  label,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label?: string
}) => {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="form-warning" role="status">
      <p>{t`Some numbers fail their checksum. If the data is foreign or correct anyway, you may save it.`}</p>
      <Checkbox
        id={`${id}-override`}
        label={label ?? t`Save anyway`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  )
}

/**
 * What is wrong with a record an older version stored outside today's bounds (the API's `problems`): such a record
 * counts in no figure until it is corrected or deleted, so the screen says so next to it.
 */
export const RecordProblems = ({ problems }: { problems?: readonly { field: string; message: string }[] }) => {
  const { t } = useLingui()
  const translate = useTranslateMessage()
  if (!problems || problems.length === 0) return null
  return (
    <div className="form-warning" role="note">
      <p>{t`Saved by an earlier version outside today's limits: it counts in no total until you correct or delete it.`}</p>
      <ul>
        {problems.map((p) => (
          <li key={p.field}>{translate(p.message)}</li>
        ))}
      </ul>
    </div>
  )
}
