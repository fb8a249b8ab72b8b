import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { accountApi } from '../../api/account.ts'
import type { SuccessResult } from '../../api/client.ts'
import { submitWith, createFormMachine } from '../../forms/index.ts'
import { TextInput } from '../../ui/Field.tsx'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'
import { isEmail, origin, useLocale, fieldBinder, FormCard } from './common.tsx'

export type ResetValues = { email: string }

export const resetPasswordMachine = createFormMachine<ResetValues, SuccessResult>({
  id: 'resetPassword',
  initial: { email: '' },
  validate: (v) => ({ email: isEmail(v.email) ? undefined : 'Email is required and should be in correct format.' }),
  check: (out) => (out.success ? null : { errors: out.errors ?? [] }),
})

export const resetPasswordCall = (values: ResetValues, language: string) =>
  accountApi.resetPassword({
    email: values.email.trim(),
    url: `${origin()}/user/resetpasswordconfirmed`,
    language,
  })

export const resetRequestedPath = `/confirmation?${new URLSearchParams({
  message: 'Check your email inbox, we sent you a reset password link',
  showLogin: 'false',
})}`

/** Reset your password (SPEC §2): a 300 px form asking for an e-mail. */
export const ResetPasswordPage = ({
  submit = resetPasswordCall,
}: {
  submit?: (values: ResetValues, language: string) => Promise<SuccessResult>
}) => {
  const { t } = useLingui()
  const tm = useTranslateMessage()
  const language = useLocale()
  const navigate = useNavigate()
  const [state, send] = useMachine(
    resetPasswordMachine.provide({ actors: { submit: submitWith((input: ResetValues) => submit(input, language)) } }),
    { input: {} },
  )
  const { errors } = state.context
  const field = fieldBinder(state.context, send, tm)
  const submitting = state.matches('submitting')
  useEffect(() => {
    if (state.matches('done')) navigate(resetRequestedPath)
  }, [state, navigate])
  return (
    <FormCard
      title={<Trans>Reset your password</Trans>}
      width={300}
      onSubmit={() => send({ type: 'SUBMIT' })}
      errors={errors.map(tm)}
      submitting={submitting}
      submitLabel={<Trans>Send</Trans>}
    >
      <TextInput label={t`Email`} type="email" autoComplete="email" {...field('email')} />
    </FormCard>
  )
}
