import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { accountApi } from '../../api/account.ts'
import { type ChangePasswordResult, isApiError, type SettingsData } from '../../api/client.ts'
import { submitWith, createFormMachine } from '../../forms/index.ts'
import { useSession } from '../../session/SessionContext.tsx'
import { tokenEmail } from '../../session/token.ts'
import { TextInput } from '../../ui/Field.tsx'
import { messageStore } from '../../ui/messages.tsx'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'
import { enterMovesTo, fieldBinder, FormCard, NewPasswordFields, formCardProps } from './common.tsx'
import { passwordPairErrors } from './passwords.ts'
import { loadSettingsData, useSettingsData } from './settingsData.ts'

export type ChangePasswordValues = { email: string; oldPassword: string; password: string; confirmPassword: string }

const cleared = { oldPassword: '', password: '', confirmPassword: '' }

/** Change password (SPEC §5, §8). */
export const changePasswordMachine = createFormMachine<ChangePasswordValues, ChangePasswordResult>({
  id: 'changePassword',
  initial: { email: '', oldPassword: '', password: '', confirmPassword: '' },
  validate: (v) => {
    const pair = passwordPairErrors(v.password, v.confirmPassword)
    return {
      oldPassword: v.oldPassword ? undefined : 'Old password is required',
      ...pair,
      password:
        pair.password ??
        (v.oldPassword && v.oldPassword === v.password ? 'Old password is the same as new password.' : undefined),
    }
  },
  failure: (error) => {
    if (isApiError(error)) {
      if (error.status === 0) return { errors: [error.statusText] }
      if (error.status === 404) return { errors: error.errors, values: cleared }
      if (error.status === 400 && error.errors.length) return { errors: error.errors }
      return { popup: error.errors.join(' ') || `${error.status} ${error.statusText}` }
    }
    return { popup: String(error) }
  },
  check: (out) => (out.success ? null : { errors: out.errors ?? [] }),
})

export const changePasswordCall = (values: ChangePasswordValues) => accountApi.changePassword(values)

export const ChangePasswordPage = ({
  submit = changePasswordCall,
  loadSettings = loadSettingsData,
}: {
  submit?: (values: ChangePasswordValues) => Promise<ChangePasswordResult>
  loadSettings?: () => Promise<SettingsData>
}) => {
  const { t } = useLingui()
  const tm = useTranslateMessage()
  const { token, role, actor } = useSession()
  const settings = useSettingsData(loadSettings, token)
  const email = settings?.name || tokenEmail(token)
  const [state, send] = useMachine(
    changePasswordMachine.provide({
      actors: {
        submit: submitWith((input: ChangePasswordValues) => submit({ ...input, email: input.email || email })),
      },
    }),
    { input: {} },
  )
  const passwordRef = useRef<HTMLInputElement>(null)
  const { errors, popup } = state.context
  const field = fieldBinder(state.context, send, tm)
  const submitting = state.matches('submitting')
  const done = state.matches('done')

  useEffect(() => {
    if (email) send({ type: 'SET', values: { email } })
  }, [email, send])
  useEffect(() => {
    if (popup) messageStore.error(tm(popup))
  }, [popup, tm])
  useEffect(() => {
    if (done) {
      // The change revoked every earlier token of the user: continue with the new one the server answered.
      const output = state.context.output
      if (output?.token) actor.send({ type: 'LOGIN', token: output.token, minutes: output.minutes, role })
      messageStore.info(t`Password changed`)
      send({ type: 'RESET' })
      if (email) send({ type: 'SET', values: { email } })
    }
  }, [done, send, t, email, actor, role, state.context.output])

  return (
    <FormCard
      title={email || <Trans>Password</Trans>}
      {...formCardProps(send, errors, tm, submitting)}
      submitLabel={<Trans>Change password</Trans>}
    >
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <TextInput
        label={t`Old password`}
        type="password"
        autoComplete="current-password"
        {...field('oldPassword')}
        onKeyDown={enterMovesTo(passwordRef, true)}
      />
      <NewPasswordFields ref={passwordRef} label={t`New password`} field={field} onlyWithValue />
    </FormCard>
  )
}
