import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { accountApi } from '../../api/account.ts'
import type { SuccessResult } from '../../api/client.ts'
import { createFormMachine } from '../../forms/index.ts'
import { TextInput } from '../../ui/Field.tsx'
import { isEmail, origin, FormCard, useAccountForm, type AccountSubmit, formCardProps } from './common.tsx'

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
export const ResetPasswordPage = ({ submit = resetPasswordCall }: { submit?: AccountSubmit<ResetValues> }) => {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { state, send, tm, field, submitting } = useAccountForm(resetPasswordMachine, submit)
  const { errors } = state.context
  useEffect(() => {
    if (state.matches('done')) navigate(resetRequestedPath)
  }, [state, navigate])
  return (
    <FormCard
      title={<Trans>Reset your password</Trans>}
      width={300}
      {...formCardProps(send, errors, tm, submitting)}
      submitLabel={<Trans>Send</Trans>}
    >
      <TextInput label={t`Email`} type="email" autoComplete="email" {...field('email')} />
    </FormCard>
  )
}
