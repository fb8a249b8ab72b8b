import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Card, FormErrors, PencilToggle } from '../../ui/index.ts'
import '../forms.css'
import { type FieldSpec, FieldInput, FieldValues } from './fields.tsx'
import { FormActions, FormMessages } from './FormParts.tsx'
import { useTranslateMessage } from './messages.ts'
import type { RecordForm } from './useRecordForm.ts'

export interface FieldGroup {
  title?: string
  fields: readonly FieldSpec[]
}

/**
 * A card with a record in view mode and, after the pencil, the same fields as a form with Cancel and Save
 * (SPEC §2 Company page; also the settings forms).
 */
export const RecordPanel = ({
  form,
  formId,
  title,
  groups,
  editTools,
  viewExtra,
  today,
  headingLevel = 2,
  actions,
}: {
  form: RecordForm
  formId: string
  title: ReactNode
  groups: readonly FieldGroup[]
  /** Extra buttons in edit mode ('Get from Primary data', 'Fill statutory values'). */
  editTools?: ReactNode
  /** Extra content in view mode (history). */
  viewExtra?: ReactNode
  today?: string
  headingLevel?: 2 | 3
  /** Extra header actions. */
  actions?: ReactNode
}) => {
  const { t } = useLingui()
  const translate = useTranslateMessage()
  const { context, editing, send } = form
  const H = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <Card
      title={title}
      headingLevel={headingLevel}
      className="record-panel"
      actions={
        <>
          {actions}
          <PencilToggle
            editing={editing}
            disabled={form.loading || form.submitting}
            onToggle={() => send({ type: editing ? 'CANCEL' : 'EDIT' })}
          />
        </>
      }
    >
      {form.loading && (
        <p className="record-panel__loading" aria-busy="true">
          {t`Loading…`}
        </p>
      )}
      {!form.loading && !editing && context.errors.length > 0 && (
        <FormErrors errors={context.errors.map((e) => translate(e))} />
      )}
      {!form.loading && !editing && (
        <>
          {groups.map((g) => (
            <div key={g.title ?? 'main'} className="record-group">
              {g.title && <H className="record-group__title">{g.title}</H>}
              <FieldValues fields={g.fields} values={context.saved} />
            </div>
          ))}
          {viewExtra}
        </>
      )}
      {editing && (
        <form className="record-form" noValidate onSubmit={form.submit}>
          {editTools && <div className="record-form__tools">{editTools}</div>}
          {groups.map((g) => (
            <fieldset key={g.title ?? 'main'} className="record-group" disabled={form.submitting}>
              {g.title && <legend className="record-group__title">{g.title}</legend>}
              {g.fields.map((f) => (
                <FieldInput
                  key={f.path}
                  spec={f}
                  draft={context.draft}
                  formId={formId}
                  error={context.fieldErrors[f.path]}
                  warning={context.warnings[f.path]}
                  onChange={(path, value) => send({ type: 'CHANGE', path, value })}
                  today={today}
                />
              ))}
            </fieldset>
          ))}
          <FormMessages
            form={form}
            labels={Object.fromEntries(groups.flatMap((g) => g.fields.map((f) => [f.path, f.label])))}
          />
          <FormActions form={form} />
        </form>
      )}
    </Card>
  )
}
