import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useFormat } from '../../../i18n/format.ts'
import { Button } from '../../../ui/index.ts'
import { localToday } from '../../../ui/DatePicker.tsx'
import type { FieldSpec } from '../../../forms/index.ts'
import { RecordProblems } from '../../../forms/index.ts'
import { RecordPanel } from '../../../forms/index.ts'
import { type RecordForm, useRecordForm } from '../../../forms/index.ts'
import type { Draft } from '../../../forms/index.ts'
import type { RecordDto, SettingDataType } from '../../../forms/index.ts'
import '../../../forms/forms.css'
import { useRecordList } from './useRecordList.ts'

const HISTORY = 5

/**
 * An effective-dated setting (VAT, PIT, social security): the one in force today in view mode, Save as PUT for
 * it, 'New setting' to start a new one from another date (POST), and a short history with the dates.
 */
export const SettingPanel = ({
  dataType,
  formId,
  title,
  fields,
  template,
  summary,
  tools,
  today,
}: {
  dataType: SettingDataType
  formId: string
  title: ReactNode
  /** The fields, or the fields for the draft (a PIT setting shows the fields of its form of taxation). */
  fields: readonly FieldSpec[] | ((draft: Draft) => readonly FieldSpec[])
  template: Draft
  summary: (dataObject: Record<string, unknown>) => string
  tools?: (form: RecordForm) => ReactNode
  today?: string
}) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const day = today ?? localToday()
  const list = useRecordList(dataType)
  const form = useRecordForm({
    dataType,
    template: { ...template, date: day },
    onSaved: () => list.send({ type: 'RELOAD' }),
  })
  const history: RecordDto[] = list.items.slice(0, HISTORY)
  const historyId = `${formId}-history`
  return (
    <RecordPanel
      form={form}
      formId={formId}
      title={title}
      groups={[{ fields: typeof fields === 'function' ? fields(form.context.draft) : fields }]}
      today={day}
      editTools={tools?.(form)}
      actions={
        !form.editing && !form.loading && form.context.id > 0 ? (
          <Button
            variant="link"
            onClick={() => {
              form.send({ type: 'NEW' })
              form.send({ type: 'CHANGE', path: 'date', value: day })
            }}
          >
            {t`New setting`}
          </Button>
        ) : undefined
      }
      viewExtra={
        // A plain block under its heading, not a landmark: every settings panel has one, and landmarks need unique names.
        <div className="history">
          <h3 className="history__title" id={historyId}>
            {t`History`}
          </h3>
          {history.length === 0 ? (
            <p>{list.loading ? '…' : t`No settings yet`}</p>
          ) : (
            <ul className="history__list">
              {history.map((r) => (
                <li
                  key={r.id}
                  className={`history__item${r.id === form.context.id ? ' history__item--current' : ''}`}
                  aria-current={r.id === form.context.id ? 'true' : undefined}
                >
                  <time dateTime={String(r.dataObject.date)}>{fmt.date(String(r.dataObject.date))}</time>
                  <span>{summary(r.dataObject)}</span>
                  <RecordProblems problems={r.problems} />
                </li>
              ))}
            </ul>
          )}
        </div>
      }
    />
  )
}
