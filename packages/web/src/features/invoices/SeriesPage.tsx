/**
 * companydashboard/invoices/series: the number series invoices take their numbers from. The list (kind, pattern,
 * numbering per year or month, the number it gives next), a form to add or change one with the pattern checked by the
 * core's rule as it is typed and a preview of the next number; a series that has given numbers keeps its pattern
 * and numbering (the core refuses to change them: a number must never come back).
 */
import { formatInvoiceNumber, patternProblem, readSeries } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { localToday } from '../../ui/DatePicker.tsx'
import { Button, Select, TextInput } from '../../ui/index.ts'
import { createInvoicesApi, type InvoicesApi, type SeriesDto } from './api.ts'
import { type EditorProps, ListEditor, ListPage, useListForm } from './ListPage.tsx'
import { useInvoiceMessage } from './messages.ts'
import { useLoad } from './useLoad.ts'
import './invoices.css'

type Props = {
  effects?: InvoicesApi
  /** The day the preview numbers from (stories); today otherwise. */
  today?: string
}

interface SeriesForm {
  id: number | null
  used: boolean
  /** The number the saved series gives next (its preview while the pattern is unchanged). */
  next: string
  savedPattern: string
  name: string
  pattern: string
  reset: 'year' | 'month'
  kind: 'VAT' | 'KOR'
}

/** The marks of a pattern, passed to the messages as values (braces in a message are its placeholders). */
const TOKEN = { n: '{N}', yyyy: '{YYYY}', yy: '{YY}', mm: '{MM}' } as const
const defaultPattern = 'FV/{YYYY}/{MM}/{N}'

const emptyForm = (): SeriesForm => ({
  id: null,
  used: false,
  next: '',
  savedPattern: '',
  name: '',
  pattern: defaultPattern,
  reset: 'month',
  kind: 'VAT',
})

const formOf = (s: SeriesDto): SeriesForm => ({
  id: s.id,
  used: s.used,
  next: s.next,
  savedPattern: s.pattern,
  name: s.name,
  pattern: s.pattern,
  reset: s.reset,
  kind: s.kind,
})

const dataOf = (f: SeriesForm) => ({ name: f.name, pattern: f.pattern.trim(), reset: f.reset, kind: f.kind })

/** The number the series would give next on `today`: the saved one's, or the first of a new pattern. */
export const previewNumber = (f: SeriesForm, today: string): string | null => {
  if (patternProblem(f.pattern.trim(), f.reset) !== null) return null
  return f.id !== null && f.pattern.trim() === f.savedPattern && f.next !== ''
    ? f.next
    : formatInvoiceNumber(f.pattern.trim(), today, 1)
}

const useNames = () => {
  const { t } = useLingui()
  return {
    kind: (k: SeriesDto['kind']) => (k === 'VAT' ? t`Sales invoices` : t`Corrections`),
    reset: (r: SeriesDto['reset']) => (r === 'year' ? t`per year` : t`per month`),
  }
}

const SeriesEditor = ({
  form,
  setForm,
  serverErrors,
  busy,
  today,
  onSave,
  onCancel,
}: EditorProps<SeriesForm> & { today: string }) => {
  const { t } = useLingui()
  const say = useInvoiceMessage()
  const names = useNames()
  const first = useRef<HTMLInputElement | null>(null)
  useEffect(() => first.current?.focus(), [])
  const problem = patternProblem(form.pattern.trim(), form.reset)
  const err = (field: string) => {
    const m = serverErrors[field] ?? (field === 'pattern' ? (problem ?? undefined) : undefined)
    return m ? say(m) : undefined
  }
  /** A field's name, value, error and change: the value goes into the form as typed or chosen. */
  const field = (name: 'name' | 'kind' | 'reset' | 'pattern') => ({
    name,
    value: form[name],
    error: err(name),
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  })
  const preview = previewNumber(form, today)
  return (
    <ListEditor
      label={t`Number series`}
      isNew={form.id === null}
      newTitle={<Trans>New number series</Trans>}
      changeTitle={<Trans>Change the number series</Trans>}
      addLabel={<Trans>Add series</Trans>}
      busy={busy}
      onSave={onSave}
      onCancel={onCancel}
    >
      <div className="invoice-editor__row">
        <TextInput label={t`Name`} ref={first} required {...field('name')} />
        <Select
          label={t`Kind of invoices`}
          {...field('kind')}
          disabled={form.used}
          options={[
            { value: 'VAT', label: names.kind('VAT') },
            { value: 'KOR', label: names.kind('KOR') },
          ]}
        />
        <Select
          label={t`Numbering starts again`}
          {...field('reset')}
          disabled={form.used}
          options={[
            { value: 'year', label: t`every year` },
            { value: 'month', label: t`every month` },
          ]}
        />
      </div>
      <div className="invoice-editor__row">
        <TextInput
          label={t`Pattern`}
          {...field('pattern')}
          readOnly={form.used}
          spellCheck={false}
          hint={
            form.used
              ? t`This series has given numbers: its pattern and numbering stay as they are.`
              : t`${TOKEN.n} is the number in the period, ${TOKEN.yyyy} or ${TOKEN.yy} the year, ${TOKEN.mm} the month (required when numbering starts every month).`
          }
        />
      </div>
      <p className="series-preview" aria-live="polite">
        <Trans>Next number</Trans>: <output name="preview">{preview ?? '—'}</output>
      </p>
    </ListEditor>
  )
}

export const SeriesPage = ({ effects, today: fixedToday }: Props) => {
  const fx = useMemo(() => effects ?? createInvoicesApi(), [effects])
  const { t } = useLingui()
  const names = useNames()
  const today = fixedToday ?? localToday()
  const load = useCallback(() => fx.series(), [fx])
  const { state, data: list, reload } = useLoad(load)
  const { form, setErrors, formErrors, busy, openForm, act, editorProps } = useListForm<SeriesForm>(reload)

  const save = () => {
    if (!form) return
    const v = readSeries(dataOf(form))
    if (!v.ok) {
      setErrors(Object.fromEntries(v.errors.map((e) => [e.field, e.message])))
      return
    }
    void act(() => fx.saveSeries(form.id, dataOf(form)), t`Number series saved`)
  }

  return (
    <ListPage
      title={t`Number series`}
      state={state}
      list={list}
      reload={reload}
      busy={busy}
      failed={<Trans>The number series could not be loaded.</Trans>}
      addLabel={<Trans>Add series</Trans>}
      onAdd={() => openForm(emptyForm())}
      formErrors={formErrors}
      editor={form && <SeriesEditor {...editorProps(form, save)} today={today} />}
      empty={
        <Trans>No number series yet. The first invoice creates one numbered {defaultPattern}, or add your own.</Trans>
      }
      columns={[
        t`Name`,
        t`Kind of invoices`,
        t`Pattern`,
        t`Numbering`,
        t`Next number`,
        { label: t`Actions`, hidden: true },
      ]}
      row={(s) => (
        <tr key={s.id}>
          <th scope="row">{s.name}</th>
          <td data-label={t`Kind of invoices`}>{names.kind(s.kind)}</td>
          <td data-label={t`Pattern`}>
            <code>{s.pattern}</code>
          </td>
          <td data-label={t`Numbering`}>{names.reset(s.reset)}</td>
          <td data-label={t`Next number`}>{s.next}</td>
          <td className="invoices-table__actions">
            <Button variant="link" aria-label={t`Change ${s.name}`} disabled={busy} onClick={() => openForm(formOf(s))}>
              <Trans>Change</Trans>
            </Button>
          </td>
        </tr>
      )}
    />
  )
}
