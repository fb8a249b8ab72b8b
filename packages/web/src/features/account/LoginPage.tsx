import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { afterLogin } from '../../routing/access.ts'
import { accountApi } from '../../api/account.ts'
import { isApiError, type LoginResult } from '../../api/client.ts'
import { submitWith, createFormMachine, defaultFailure } from '../../forms/index.ts'
import { useSessionActor } from '../../session/SessionContext.tsx'
import { TextInput } from '../../ui/Field.tsx'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'
import { enterMovesTo, isEmail, fieldBinder, FormCard, formCardProps } from './common.tsx'

export type LoginValues = { email: string; password: string }

/** Login form (SPEC §5): valid e-mail and a password required; after a failure the password is cleared. */
export const loginMachine = createFormMachine<LoginValues, LoginResult>({
  id: 'login',
  initial: { email: '', password: '' },
  validate: (v) => ({
    email: isEmail(v.email) ? undefined : 'Email is required and should be in correct format.',
    password: v.password ? undefined : 'Password is required.',
  }),
  failure: (error) => {
    const f = defaultFailure<LoginValues>(error)
    if (isApiError(error) && error.status !== 0 && error.errors.length === 0)
      f.errors = ['Invalid authentication request']
    return { ...f, values: { password: '' } }
  },
})

export const loginCall = (values: LoginValues) =>
  accountApi.login({ email: values.email.trim(), password: values.password })

export const LoginPage = ({ submit = loginCall }: { submit?: (values: LoginValues) => Promise<LoginResult> }) => {
  const { t } = useLingui()
  const tm = useTranslateMessage()
  const navigate = useNavigate()
  const { search } = useLocation()
  const session = useSessionActor()
  const [state, send] = useMachine(
    loginMachine.provide({ actors: { submit: submitWith((input: LoginValues) => submit(input)) } }),
    { input: {} },
  )
  const passwordRef = useRef<HTMLInputElement>(null)
  const { errors } = state.context
  const field = fieldBinder(state.context, send, tm)
  const submitting = state.matches('submitting')

  useEffect(() => {
    const out = state.context.output
    if (state.matches('done') && out) {
      session.send({ type: 'LOGIN', token: out.token, minutes: out.minutes, role: String(out.role) })
      // Back to the page that asked for a login (a deep link), else home.
      navigate(afterLogin(search), { replace: true })
    }
  }, [state, session, navigate, search])

  return (
    <FormCard
      title={<Trans>Login</Trans>}
      {...formCardProps(send, errors, tm, submitting)}
      submitLabel={<Trans>Log in</Trans>}
      beside={
        <Link to="/user/resetpassword">
          <Trans>Reset password</Trans>
        </Link>
      }
    >
      <TextInput
        label={t`Email`}
        type="email"
        name="email"
        autoComplete="username"
        {...field('email')}
        onKeyDown={enterMovesTo(passwordRef)}
      />
      <TextInput
        ref={passwordRef}
        label={t`Password`}
        type="password"
        name="password"
        autoComplete="current-password"
        {...field('password')}
      />
    </FormCard>
  )
}
