import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { accountApi } from '../../api/account.ts'
import { isApiError, type SuccessResult } from '../../api/client.ts'
import { roleValue } from '../../routing/access.ts'
import { createFormMachine } from '../../forms/index.ts'
import { Select, TextInput } from '../../ui/Field.tsx'
import { messageStore } from '../../ui/messages.tsx'
import {
  enterMovesTo,
  isEmail,
  origin,
  FormCard,
  NewPasswordFields,
  useAccountForm,
  type AccountSubmit,
  formCardProps,
} from './common.tsx'
import { passwordPairErrors } from './passwords.ts'

export type RegisterValues = { email: string; password: string; confirmPassword: string; appRole: string; key: string }

const clearedPasswords = { password: '', confirmPassword: '' }

/** Register (SPEC §5, §8). */
export const registerMachine = createFormMachine<RegisterValues, SuccessResult>({
  id: 'register',
  initial: { email: '', password: '', confirmPassword: '', appRole: '', key: '' },
  validate: (v) => ({
    email: isEmail(v.email) ? undefined : 'Email is required and should be in correct format.',
    ...passwordPairErrors(v.password, v.confirmPassword),
    appRole: v.appRole ? undefined : 'Select role',
    key: v.key ? undefined : 'Key is required',
  }),
  failure: (error) => {
    if (isApiError(error)) {
      if (error.status === 0) return { errors: [error.statusText] }
      if (error.status === 401) return { popup: error.errors.join(' ') || error.statusText }
      return { errors: error.errors.length ? error.errors : [error.statusText], values: clearedPasswords }
    }
    return { errors: [String(error)], values: clearedPasswords }
  },
  check: (out) => (out.success ? null : { errors: out.errors ?? [], values: clearedPasswords }),
})

export const registerCall = (values: RegisterValues, language: string) =>
  accountApi.register({
    ...values,
    email: values.email.trim(),
    appRole: values.appRole === '1024' ? '1024' : '1',
    url: `${origin()}/user/login`,
    language: language,
  })

export const RegisterPage = ({ submit = registerCall }: { submit?: AccountSubmit<RegisterValues> }) => {
  const { t } = useLingui()
  const { state, send, tm, field, submitting } = useAccountForm(registerMachine, submit)
  const refs = {
    password: useRef<HTMLInputElement>(null),
    appRole: useRef<HTMLSelectElement>(null),
    key: useRef<HTMLInputElement>(null),
  }
  const { errors, popup } = state.context
  const done = state.matches('done')

  useEffect(() => {
    if (popup) messageStore.error(tm(popup))
  }, [popup, tm])
  useEffect(() => {
    if (done) {
      messageStore.info(t`User registered`)
      send({ type: 'RESET' })
    }
  }, [done, send, t])

  return (
    <FormCard
      title={<Trans>Register</Trans>}
      {...formCardProps(send, errors, tm, submitting)}
      submitLabel={<Trans>Register</Trans>}
    >
      <TextInput
        label={t`Email`}
        type="email"
        autoComplete="off"
        {...field('email')}
        onKeyDown={enterMovesTo(refs.password)}
      />
      <NewPasswordFields ref={refs.password} label={t`Password`} field={field} next={refs.appRole} />
      <Select
        ref={refs.appRole}
        label={t`Role`}
        {...field('appRole')}
        placeholder={t`Select role`}
        options={[
          { value: roleValue('USER'), label: 'USER' },
          { value: roleValue('ADMIN'), label: 'ADMIN' },
        ]}
        onKeyDown={enterMovesTo(refs.key)}
      />
      <TextInput ref={refs.key} label={t`Key`} type="password" autoComplete="off" {...field('key')} />
    </FormCard>
  )
}
