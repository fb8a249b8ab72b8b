import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { isLocale, type Locale } from '../i18n.ts'
import { translateMessage } from '../i18n/serverMessages.ts'

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

/** Translates a message that may come from the server (see i18n/serverMessages.ts). */
export const useTranslateMessage = () => {
  const { i18n } = useLingui()
  return useCallback((text: string) => translateMessage(i18n, text), [i18n])
}

/** The active UI language (sent to the API with e-mail-producing calls). */
export const useLocale = (): Locale => {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : 'pl'
}

export const origin = (): string => (typeof window === 'undefined' ? '' : window.location.origin)

/**
 * Reads query parameters once and cleans them from the address (SPEC §2: error, confirmation and
 * reset-confirmed pages). The values stay in state for the life of the screen.
 */
export const useQueryOnce = <K extends string>(names: readonly K[]): Record<K, string | null> => {
  const location = useLocation()
  const navigate = useNavigate()
  const [values] = useState(() => {
    const params = new URLSearchParams(location.search)
    const out = {} as Record<K, string | null>
    for (const n of names) out[n] = params.get(n)
    return out
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: clean the address once, after the first render
  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true })
  }, [])
  return values
}

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
