import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { accountApi } from '../../api/account.ts'
import { isApiError, type SuccessResult } from '../../api/client.ts'
import { createFormMachine } from '../../forms/index.ts'
import { useQueryOnce } from '../../routing/query.ts'
import { origin, FormCard, formCardProps, NewPasswordFields, useAccountForm, type AccountSubmit } from './common.tsx'
import { passwordPairErrors } from './passwords.ts'

export type ResetConfirmValues = { password: string; confirmPassword: string; code: string; email: string }

const cleared = { password: '', confirmPassword: '' }
const codeMessage = 'Code is required, use link from email'

export const resetConfirmedMachine = createFormMachine<ResetConfirmValues, SuccessResult>({
  id: 'resetPasswordConfirmed',
  initial: { password: '', confirmPassword: '', code: '', email: '' },
  validate: (v) => ({
    ...passwordPairErrors(v.password, v.confirmPassword),
    code: v.code && v.email ? undefined : codeMessage,
  }),
  failure: (error) => {
    if (isApiError(error) && error.status === 0) return { errors: [error.statusText] }
    return {
      errors: isApiError(error) ? (error.errors.length ? error.errors : [error.statusText]) : [String(error)],
      values: cleared,
    }
  },
  check: (out) => (out.success ? null : { errors: out.errors ?? [], values: cleared }),
})

export const resetConfirmedCall = (values: ResetConfirmValues, language: string) =>
  accountApi.resetPasswordConfirmed({ ...values, url: `${origin()}/user/login`, language })

export const resetCompletedPath = `/confirmation?${new URLSearchParams({
  message: 'Reset password completed',
  subMessage: 'You can go to the login page',
  showLogin: 'true',
})}`

/** Reset password for user (SPEC §2): reads code and email from the e-mail link, then cleans the address. */
export const ResetPasswordConfirmedPage = ({
  submit = resetConfirmedCall,
}: {
  submit?: AccountSubmit<ResetConfirmValues>
}) => {
  const { t } = useLingui()
  const navigate = useNavigate()
  const query = useQueryOnce(['code', 'email'])
  const { state, send, tm, field, submitting } = useAccountForm(resetConfirmedMachine, submit, {
    code: query.code ?? '',
    email: query.email ?? '',
  })
  const { values, fieldErrors, errors } = state.context
  useEffect(() => {
    if (state.matches('done')) navigate(resetCompletedPath)
  }, [state, navigate])
  return (
    <FormCard
      title={<Trans>Reset password for user</Trans>}
      subtitle={values.email && <p className="form-card__subtitle">{values.email}</p>}
      {...formCardProps(send, [...(fieldErrors.code ? [fieldErrors.code] : []), ...errors], tm, submitting)}
      submitLabel={<Trans>Reset password</Trans>}
    >
      <input type="hidden" name="username" autoComplete="username" value={values.email} />
      <NewPasswordFields label={t`New password`} field={field} onlyWithValue />
    </FormCard>
  )
}
