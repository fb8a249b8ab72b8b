import { useActorRef, useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext } from 'react'
import { type Actor, createActor, fromPromise } from 'xstate'
import { accountApi } from '../api/account.ts'
import { isValid, remainingMs, type SessionData, sessionMachine } from './machine.ts'

export type SessionActor = Actor<typeof sessionMachine>

/** The app's session machine: refresh calls `account/refreshToken`. */
export const appSessionMachine = sessionMachine.provide({
  actors: { refresh: fromPromise(async () => accountApi.refreshToken()) },
})

const SessionContext = createContext<SessionActor | null>(null)

type ProviderProps = {
  children: ReactNode
  /** A started actor to use (tests); otherwise one is created and started here. */
  actor?: SessionActor
  /** Initial session instead of local storage (stories). */
  session?: SessionData | null
  /** Machine to run (stories provide a fake refresh). */
  machine?: typeof sessionMachine
}

export const SessionProvider = ({ children, actor, session, machine }: ProviderProps) => {
  const own = useActorRef(machine ?? appSessionMachine, { input: { session } })
  return <SessionContext.Provider value={actor ?? own}>{children}</SessionContext.Provider>
}

let fallback: SessionActor | null = null
/** Outside a provider (isolated stories and tests): a logged-out session. */
const fallbackActor = (): SessionActor => {
  fallback ??= createActor(sessionMachine, { input: { session: null } }).start()
  return fallback
}

export const useSessionActor = (): SessionActor => useContext(SessionContext) ?? fallbackActor()

export type SessionView = {
  loggedIn: boolean
  role: string
  token: string | null
  /** Epoch ms until which the session is valid (0 when logged out). */
  validUntil: number
  refreshing: boolean
}

/** Narrow view of the session for components. */
export const useSession = (): SessionView & { actor: SessionActor } => {
  const actor = useSessionActor()
  const view = useSelector(
    actor,
    (s): SessionView => {
      const session = s.context.session
      const loggedIn = s.matches('loggedIn') && isValid(session, Date.now())
      return {
        loggedIn,
        role: loggedIn && session ? session.role : '0',
        token: loggedIn && session ? session.token : null,
        validUntil: session ? Date.now() + remainingMs(session, Date.now()) : 0,
        refreshing: s.matches({ loggedIn: 'refreshing' }),
      }
    },
    (a, b) =>
      a.loggedIn === b.loggedIn &&
      a.role === b.role &&
      a.token === b.token &&
      Math.abs(a.validUntil - b.validUntil) < 1000 &&
      a.refreshing === b.refreshing,
  )
  return { ...view, actor }
}
