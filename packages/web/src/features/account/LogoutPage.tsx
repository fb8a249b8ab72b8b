import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { setup } from 'xstate'
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

export const LogoutPage = () => {
  const session = useSessionActor()
  const navigate = useNavigate()
  const [state] = useMachine(logoutMachine)
  useEffect(() => {
    session.send({ type: 'LOGOUT' })
  }, [session])
  useEffect(() => {
    if (state.matches('leaving')) navigate('/user/login', { replace: true })
  }, [state, navigate])
  return (
    <Card headingLevel={1} title={<Trans>Logout</Trans>} width={350}>
      <p role="status">{state.matches('waiting') ? <Trans>Please wait…</Trans> : <Trans>User logged out</Trans>}</p>
    </Card>
  )
}
