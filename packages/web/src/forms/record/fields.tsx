/**
 * Field specs rendered as inputs (edit mode) or as read-only values (view mode). Every control reports changes
 * as `CHANGE { path, value }` to a form machine.
 */
import { formatDate } from '@finance/ledger-core/format'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { DatePicker, type DatePickerLabels } from '../../ui/DatePicker.tsx'
import { Select, type SelectOption, TextInput } from '../../ui/index.ts'
import { formatMoneyWithCurrency, formatPercentText, isDecimalString } from '../../i18n/number.ts'
import { type Draft, getIn } from '../lib/paths.ts'
import { AmountInput } from './AmountInput.tsx'
import { useLanguage } from './language.ts'
import { useTranslateMessage } from './messages.ts'

export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'money' | 'percent' | 'date' | 'int' | 'select' | 'search'

export interface FieldSpec {
  path: string
  label: string
  kind?: FieldKind
  options?: readonly SelectOption[]
  required?: boolean
  hint?: ReactNode
  /**
   * `select`: the text of the empty first option (blank by default); `search`: the input's placeholder. A `search`
   * field is a text input that suggests `options` as the user types (code or name); the code is stored.
   */
  placeholder?: string
  /**
   * The value the books apply while the record holds none (a setting stored before the field existed): shown in its
   * place, when viewing and in the input, so the screen says what the figures use instead of "—".
   */
  default?: string
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v))

/** Stores whole numbers as numbers (repetitions, payment interval) and anything else as typed. */
const asInt = (s: string): number | string => (/^\s*\d+\s*$/.test(s) ? Number(s) : s)

export const fieldId = (formId: string, path: string) => `${formId}-${path.replace(/\./g, '-')}`

export interface FieldInputProps {
  spec: FieldSpec
  draft: Draft
  formId: string
  error?: string
  warning?: string
  onChange: (path: string, value: unknown) => void
  today?: string
}

/** The date picker's texts from this feature's catalog. */
export const useDatePickerLabels = (): DatePickerLabels => {
  const { t } = useLingui()
  return {
    placeholder: t`yyyy-mm-dd`,
    choose: t`Choose date`,
    previousMonth: t`Previous month`,
    nextMonth: t`Next month`,
    year: t`Year`,
    today: t`Today`,
    selected: t`Selected date`,
  }
}

export const FieldInput = ({ spec, draft, formId, error, warning, onChange, today }: FieldInputProps) => {
  const translate = useTranslateMessage()
  const pickerLabels = useDatePickerLabels()
  const uid = useId()
  const stored = getIn(draft, spec.path)
  const value = (stored === null || stored === undefined || stored === '') && spec.default ? spec.default : stored
  // Unique per rendered form: the same form may be on the page more than once (stories render four copies).
  const id = `${fieldId(formId, spec.path)}${uid}`
  const label = spec.required ? `${spec.label} *` : spec.label
  // The message names the field by the label shown above it (a linear PIT's "Tax rate", not "First percent").
  const shownError = error ? translate(error, spec.label) : warning ? translate(warning, spec.label) : undefined
  const set = (v: unknown) => onChange(spec.path, v)
  /** What every kind of input shows: its id, label, value and message. */
  const shown = { id, label, value: asText(value), error: shownError }
  switch (spec.kind ?? 'text') {
    case 'money':
      return <AmountInput {...shown} onChange={set} hint={spec.hint} fractionDigits={2} />
    case 'percent':
      return <AmountInput {...shown} onChange={set} hint={spec.hint} suffix="%" />
    case 'date':
      return <DatePicker {...shown} onChange={set} today={today} labels={pickerLabels} />
    case 'int':
      return (
        <TextInput
          {...shown}
          type="number"
          step="1"
          min="1"
          inputMode="numeric"
          onChange={(e) => set(e.target.value === '' ? null : asInt(e.target.value))}
          hint={spec.hint}
        />
      )
    case 'select':
      return (
        <Select
          {...shown}
          options={spec.options ?? []}
          placeholder={spec.placeholder ?? ''}
          hint={spec.hint}
          onChange={(e) => {
            const v = e.target.value
            set(spec.options?.every((o) => /^\d+$/.test(o.value)) && v !== '' ? Number(v) : v)
          }}
        />
      )
    case 'search':
      return (
        <>
          <TextInput
            {...shown}
            list={`${id}-options`}
            autoComplete="off"
            placeholder={spec.placeholder}
            onChange={(e) => set(e.target.value)}
            hint={spec.hint ?? optionLabel(spec, asText(value))}
          />
          <datalist id={`${id}-options`}>
            {spec.options?.map((o) => (
              <option key={o.value} value={o.value} label={String(o.label)} />
            ))}
          </datalist>
        </>
      )
    default:
      return <TextInput {...shown} type={spec.kind ?? 'text'} onChange={(e) => set(e.target.value)} hint={spec.hint} />
  }
}

/** The label of the option `value` of a select or search field, `undefined` when none matches. */
const optionLabel = (spec: FieldSpec, value: string): ReactNode | undefined =>
  value === '' ? undefined : spec.options?.find((o) => o.value === value)?.label

/** A value as the view mode shows it. */
export const useFormatValue = () => {
  const language = useLanguage()
  return (spec: FieldSpec, stored: unknown): string => {
    const value = stored === null || stored === undefined || stored === '' ? spec.default : stored
    if (value === null || value === undefined || value === '') return '—'
    const s = String(value)
    switch (spec.kind) {
      case 'money':
        return isDecimalString(s) ? formatMoneyWithCurrency(s, language) : s
      case 'percent':
        return isDecimalString(s) ? formatPercentText(s, language) : s
      case 'date':
        return formatDate(language, s)
      case 'select':
        return String(spec.options?.find((o) => o.value === s)?.label ?? s)
      case 'search': {
        const label = optionLabel(spec, s)
        return label === undefined ? s : `${s} — ${String(label)}`
      }
      default:
        return s
    }
  }
}

export const FieldValues = ({ fields, values }: { fields: readonly FieldSpec[]; values: Draft | null }) => {
  const format = useFormatValue()
  return (
    <dl className="record-values">
      {fields.map((f) => (
        <div className="record-values__row" key={f.path}>
          <dt>{f.label}</dt>
          <dd>{format(f, values ? getIn(values, f.path) : undefined)}</dd>
        </div>
      ))}
    </dl>
  )
}
