import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'

type FieldProps = {
  label: ReactNode
  /** Error text shown under the control and announced. */
  error?: ReactNode
  hint?: ReactNode
  id: string
  children: ReactNode
}

/** Label, control and error text, wired for screen readers. */
export const Field = ({ label, error, hint, id, children }: FieldProps) => (
  <div className={`field${error ? ' field--invalid' : ''}`}>
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

export const TextInput = ({ label, error, hint, id, className, type = 'text', ...rest }: InputProps) => {
  const auto = useId()
  const inputId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} id={inputId}>
      <input
        id={inputId}
        type={type}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
    </Field>
  )
}

/** A secret (a token, a key, a password that is not the user's): hidden, and never offered by autofill. */
export const SecretInput = (props: Omit<InputProps, 'type' | 'autoComplete'>) => (
  <TextInput type="password" autoComplete="off" {...props} />
)

/** A number input with step 0.01 (money, percent) unless another step is given. Its value stays a string. */
export const NumberInput = ({ step = '0.01', inputMode, ...rest }: InputProps) => (
  <TextInput
    type="number"
    step={step}
    inputMode={inputMode ?? (step === '1' || step === 1 ? 'numeric' : 'decimal')}
    {...rest}
  />
)

export type SelectOption = { value: string; label: ReactNode }

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
  const auto = useId()
  const selectId = id ?? auto
  return (
    <Field label={label} error={error} hint={hint} id={selectId}>
      <select
        id={selectId}
        className={`input select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
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
  const auto = useId()
  const inputId = id ?? auto
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
