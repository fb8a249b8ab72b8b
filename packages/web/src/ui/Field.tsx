import { useLingui } from '@lingui/react'
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react'
import { parseDecimal } from '../i18n/number.ts'

type FieldProps = {
  label: ReactNode
  /** Error text shown under the control and announced. */
  error?: ReactNode
  hint?: ReactNode
  id: string
  children: ReactNode
  /** A class beside `field` (a control of its own kind). */
  className?: string
  ref?: Ref<HTMLDivElement>
}

/** Label, control and error text, wired for screen readers. */
export const Field = ({ label, error, hint, id, children, className, ref }: FieldProps) => (
  <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`} ref={ref}>
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
    {children}
    {hint && (
      <div className="field__hint" id={`${id}-hint`}>
        {hint}
      </div>
    )}
    {error && (
      <div className="field__error" id={`${id}-error`} role="alert">
        {error}
      </div>
    )}
  </div>
)

/** The props every field with a text value shares: its label, its change, its refusal and a note under it. */
export interface ValueFieldProps {
  label: ReactNode
  onChange: (value: string) => void
  error?: ReactNode
  /** A line under the field saying what to enter. */
  hint?: ReactNode
  id?: string
  name?: string
  disabled?: boolean
}

/** A control's id: the one given, else one of its own. */
export const useControlId = (id: string | undefined): string => {
  const auto = useId()
  return id ?? auto
}

/** The error of a group of controls that is not one Field (checkboxes, a set of markers), announced when it appears. */
export const FieldError = ({ error }: { error?: ReactNode }) =>
  error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode
  error?: ReactNode
  hint?: ReactNode
  id?: string
  ref?: Ref<HTMLInputElement>
}

const describedBy = (id: string, error?: ReactNode, hint?: ReactNode): string | undefined =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined

/** A control's id, its invalid state and the notes that describe it. */
const controlAttributes = (id: string, error?: ReactNode, hint?: ReactNode) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error, hint),
})

export const TextInput = ({ label, error, hint, id, className, type = 'text', ...rest }: InputProps) => {
  const inputId = useControlId(id)
  return (
    <Field label={label} error={error} hint={hint} id={inputId}>
      <input
        {...controlAttributes(inputId, error, hint)}
        type={type}
        className={`input${className ? ` ${className}` : ''}`}
        {...rest}
      />
    </Field>
  )
}

/** A secret (a token, a key, a password that is not the user's): hidden, and never offered by autofill. */
export const SecretInput = (props: Omit<InputProps, 'type' | 'autoComplete'>) => (
  <TextInput type="password" autoComplete="off" {...props} />
)

/**
 * A number input: whole numbers (`step="1"`) as the browser's number field; money and percents (the default) as
 * text read in the UI's language, so that a Polish "12 000,50" is 12000.50. The browser's own number field reads the
 * separator by the browser's locale and dropped a Polish comma without a word ("12000,50" became 1200050). The
 * handler's `value` is the canonical decimal string (`"12000.50"`) once the text reads as one, else the text as
 * typed (which the API then refuses with its field); the field keeps showing what the user typed.
 */
export const NumberInput = ({ step = '0.01', inputMode, ...rest }: InputProps) =>
  step === '1' || step === 1 ? (
    <TextInput type="number" step={step} inputMode={inputMode ?? 'numeric'} {...rest} />
  ) : (
    <DecimalInput inputMode={inputMode ?? 'decimal'} {...rest} />
  )

const DecimalInput = ({ value, onChange, min: _min, max: _max, ...rest }: InputProps) => {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'pl'
  const outer = value === undefined || value === null ? '' : String(value)
  // What the user typed, and the value it was handed over as: a new value from outside (a reset) replaces the text.
  const [typed, setTyped] = useState({ text: outer, as: outer })
  const text = typed.as === outer ? typed.text : outer
  return (
    <TextInput
      {...rest}
      type="text"
      autoComplete="off"
      // Uncontrolled (`defaultValue`) when no value is given.
      {...(value === undefined ? {} : { value: text })}
      onChange={(e) => {
        const raw = e.currentTarget.value
        const canonical = parseDecimal(raw, lang) ?? raw
        setTyped({ text: raw, as: canonical })
        // The same event, its control's value read as the canonical decimal by the form's handler.
        onChange?.(withValue(e, canonical))
      }}
    />
  )
}

/** A change event whose `target` and `currentTarget` answer `value` with `value` (the rest as the control). */
const withValue = (e: ChangeEvent<HTMLInputElement>, value: string): ChangeEvent<HTMLInputElement> => {
  const control = new Proxy(e.currentTarget, {
    get: (t, k) => {
      if (k === 'value') return value
      const v = Reflect.get(t, k, t)
      return typeof v === 'function' ? v.bind(t) : v
    },
  })
  return { ...e, target: control, currentTarget: control }
}

export type SelectOption = { value: string; label: ReactNode }

/** The options of a select. */
export const Options = ({ options }: { options: readonly SelectOption[] }) =>
  options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ))

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  error?: ReactNode
  id?: string
  options: readonly SelectOption[]
  /** Text of an empty first option (value ''); none when omitted. */
  placeholder?: string
  /** A note under the select, tied to it by `aria-describedby`. */
  hint?: ReactNode
  ref?: Ref<HTMLSelectElement>
}

export const Select = ({ label, error, hint, id, options, placeholder, className, ...rest }: SelectProps) => {
  const selectId = useControlId(id)
  return (
    <Field label={label} error={error} hint={hint} id={selectId}>
      <select
        {...controlAttributes(selectId, error, hint)}
        className={`input select${className ? ` ${className}` : ''}`}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        <Options options={options} />
      </select>
    </Field>
  )
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode
  id?: string
  ref?: Ref<HTMLInputElement>
}

export const Checkbox = ({ label, id, className, ...rest }: CheckboxProps) => {
  const inputId = useControlId(id)
  return (
    <div className={`checkbox${className ? ` ${className}` : ''}`}>
      <input id={inputId} type="checkbox" {...rest} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  )
}

/** Error list of a form (server errors), announced. */
export const FormErrors = ({ errors }: { errors: readonly ReactNode[] }) =>
  errors.length === 0 ? null : (
    <ul className="form-errors" role="alert">
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat and have no identity
        <li key={i}>{e}</li>
      ))}
    </ul>
  )
