import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type KeyboardEvent, type ReactNode, type Ref, type RefObject, useRef } from 'react'
import type { SuccessResult } from '../../api/client.ts'
import { type createFormMachine, submitWith } from '../../forms/index.ts'
import { isLocale, type Locale } from '../../i18n.ts'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { FormErrors, TextInput } from '../../ui/Field.tsx'
import { Loader } from '../../ui/Loader.tsx'

/**
 * The `value`, translated `error` and `onChange` of one field of a form machine (`forms/formMachine.ts`), to spread
 * on its input: `<TextInput label={…} {...field('email')} />`.
 */
export const fieldBinder =
  <V extends Record<string, string>>(
    context: { readonly values: V; readonly fieldErrors: Partial<Record<keyof V & string, string>> },
    send: (event: { type: 'CHANGE'; field: keyof V & string; value: string }) => void,
    tm: (text: string) => string,
  ) =>
  (name: keyof V & string) => {
    const error = context.fieldErrors[name]
    return {
      value: context.values[name],
      error: error && tm(error),
      onChange: (e: { target: { value: string } }) => send({ type: 'CHANGE', field: name, value: e.target.value }),
    }
  }

/** The active UI language (sent to the API with e-mail-producing calls). */
export const useLocale = (): Locale => {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : 'pl'
}

export const origin = (): string => (typeof window === 'undefined' ? '' : window.location.origin)

/** Enter moves the focus to the next field instead of submitting (only when the field has a value, if asked). */
export const enterMovesTo =
  (next: RefObject<HTMLElement | null>, onlyWithValue = false) =>
  (e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (e.key !== 'Enter') return
    if (onlyWithValue && !e.currentTarget.value) return
    e.preventDefault()
    next.current?.focus()
  }

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const isEmail = (value: string): boolean => emailPattern.test(value.trim())

/**
 * An account form on its card: the heading (and a line under it), the fields, the refusals not tied to a field,
 * the submit button (and what stands beside it), and the loader while it is sent. Enter in the last field submits.
 */
export const FormCard = ({
  title,
  subtitle,
  width = 350,
  onSubmit,
  errors,
  submitting,
  submitLabel,
  beside,
  children,
}: {
  title: ReactNode
  subtitle?: ReactNode
  width?: number
  onSubmit: () => void
  /** Already in the user's language. */
  errors: readonly string[]
  submitting: boolean
  submitLabel: ReactNode
  beside?: ReactNode
  children: ReactNode
}) => (
  <Card headingLevel={1} title={title} width={width} className="form-card">
    {subtitle}
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      {children}
      <FormErrors errors={errors} />
      <div className="form-buttons">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        {beside}
      </div>
    </form>
    <Loader active={submitting} />
  </Card>
)

/** What `fieldBinder` gives one field. */
type BoundField = { value: string; error: string | undefined; onChange: (e: { target: { value: string } }) => void }

/**
 * A new password and its repetition, marked as new for password managers. Enter in the first moves to the second
 * (`onlyWithValue`: only once something is typed); with `next`, Enter in the second moves on to that field.
 */
export const NewPasswordFields = ({
  label,
  field,
  ref,
  next,
  onlyWithValue = false,
}: {
  /** The first field's label ("Password", "New password"). */
  label: string
  field: (name: 'password' | 'confirmPassword') => BoundField
  /** The first field, for the field before it to move to. */
  ref?: Ref<HTMLInputElement>
  next?: RefObject<HTMLElement | null>
  onlyWithValue?: boolean
}) => {
  const { t } = useLingui()
  const confirmRef = useRef<HTMLInputElement>(null)
  return (
    <>
      <TextInput
        ref={ref}
        label={label}
        type="password"
        autoComplete="new-password"
        {...field('password')}
        onKeyDown={enterMovesTo(confirmRef, onlyWithValue)}
      />
      <TextInput
        ref={confirmRef}
        label={t`Confirm password`}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
        onKeyDown={next ? enterMovesTo(next) : undefined}
      />
    </>
  )
}

/** An account call that sends e-mail: the form's values and the language the e-mail is written in. */
export type AccountSubmit<V> = (values: V, language: string) => Promise<SuccessResult>

/** A form card's sending props: SUBMIT to the form's machine, its errors in the user's language, busy while sending. */
export const formCardProps = (
  send: (event: { type: 'SUBMIT' }) => void,
  errors: readonly string[],
  tm: (message: string) => string,
  submitting: boolean,
) => ({ onSubmit: () => send({ type: 'SUBMIT' }), errors: errors.map((e) => tm(e)), submitting })

/**
 * An account form's machine with its call in the user's language: its state and events, its fields bound for the
 * inputs (`field`), whether it is being sent, and the translation of the server's messages (`tm`).
 */
export const useAccountForm = <V extends Record<string, string>>(
  machine: ReturnType<typeof createFormMachine<V, SuccessResult>>,
  submit: AccountSubmit<V>,
  values?: Partial<V>,
) => {
  const tm = useTranslateMessage()
  const language = useLocale()
  const [state, send] = useMachine(
    machine.provide({ actors: { submit: submitWith((input: V) => submit(input, language)) } }),
    { input: values ? { values } : {} },
  )
  // The account forms' values are plain strings: a typed value is one of them.
  const change = send as (event: { type: 'CHANGE'; field: keyof V & string; value: string }) => void
  return { state, send, tm, field: fieldBinder(state.context, change, tm), submitting: state.matches('submitting') }
}
