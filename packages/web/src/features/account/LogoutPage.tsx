import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { setup } from 'xstate'
import { accountApi } from '../../api/account.ts'
import { useSessionActor } from '../../session/SessionContext.tsx'
import { Card } from '../../ui/Card.tsx'

/** SPEC §2/§9: wait, 'User logged out' after 1 s, the login page after 2 s. */
export const logoutMachine = setup({}).createMachine({
  id: 'logout',
  initial: 'waiting',
  states: {
    waiting: { after: { 1000: 'loggedOut' } },
    loggedOut: { after: { 1000: 'leaving' } },
    leaving: { type: 'final' },
  },
})

/**
 * Ends the session on the server (`account/logout`: its token and those refreshed from it stop working) and drops it
 * here at once. The local logout does not wait for the answer nor depend on it: offline, or with a token the server
 * no longer takes, the browser still forgets the session.
 */
export const LogoutPage = ({
  endSession = accountApi.logout,
}: {
  endSession?: (token: string) => Promise<unknown>
}) => {
  const session = useSessionActor()
  const navigate = useNavigate()
  const [state] = useMachine(logoutMachine)
  useEffect(() => {
    const token = session.getSnapshot().context.session?.token
    if (token) endSession(token).catch(() => {})
    session.send({ type: 'LOGOUT' })
  }, [session, endSession])
  useEffect(() => {
    if (state.matches('leaving')) navigate('/user/login', { replace: true })
  }, [state, navigate])
  return (
    <Card headingLevel={1} title={<Trans>Logout</Trans>} width={350}>
      <p role="status">{state.matches('waiting') ? <Trans>Please wait…</Trans> : <Trans>User logged out</Trans>}</p>
    </Card>
  )
}
