import { assign, fromPromise, setup } from 'xstate'
import { readItem, removeItem, storageKeys, writeItem } from '../storage.ts'

/** SPEC §9: default validity 20 min, check every 5 min, refresh when at most 10 min remain. */
export const DEFAULT_MINUTES = 20
export const CHECK_INTERVAL_MS = 300_000
export const REFRESH_WINDOW_MS = 600_000

export type SessionData = { token: string; loginDate: number; minutes: number; role: string }
export type RefreshOutput = { success: boolean; token?: string | null; minutes?: number; errors?: string[] }

type Context = { session: SessionData | null }
export type SessionEvent =
  | { type: 'LOGIN'; token: string; minutes?: number; role: string }
  | { type: 'LOGOUT' }
  | { type: 'REFRESH' }
  | { type: 'CHECK' }

/** Validity minutes stored next to the token, so a reload keeps the exact expiry. */
const minutesKey = 'site token minutes'

export const remainingMs = (session: SessionData | null, now: number): number =>
  session === null ? 0 : session.loginDate + session.minutes * 60_000 - now

export const isValid = (session: SessionData | null, now: number): session is SessionData =>
  remainingMs(session, now) > 0

/** Reads the session from local storage (token, login date, role; role missing reads as '0'). */
export const loadSession = (): SessionData | null => {
  const token = readItem(storageKeys.token)
  const date = Number(readItem(storageKeys.loginDate))
  if (!token || !Number.isFinite(date) || date <= 0) return null
  const minutes = Number(readItem(minutesKey) ?? DEFAULT_MINUTES)
  return {
    token,
    loginDate: date,
    minutes: Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_MINUTES,
    role: readItem(storageKeys.role) ?? '0',
  }
}

const saveSession = (s: SessionData): void => {
  writeItem(storageKeys.token, s.token)
  writeItem(storageKeys.loginDate, String(s.loginDate))
  writeItem(storageKeys.role, s.role)
  writeItem(minutesKey, String(s.minutes))
}

export const clearSession = (): void => {
  removeItem(storageKeys.token)
  removeItem(storageKeys.loginDate)
  removeItem(storageKeys.role)
  removeItem(minutesKey)
}

/**
 * The session (SPEC §4). `loggedIn.idle` re-checks every 5 minutes; a check with 0–10 minutes left refreshes
 * the token; a check after expiry logs out. REFRESH ('Extend the session') refreshes at once; while logged out
 * it makes no call. A failed or unsuccessful refresh, or one without a token, logs out.
 * The `refresh` actor is provided by the app (the API call) and by tests and stories.
 */
export const sessionMachine = setup({
  types: {} as { context: Context; events: SessionEvent; input: { session?: SessionData | null } | undefined },
  actors: {
    refresh: fromPromise<RefreshOutput>(async () => {
      throw new Error('provide the refresh actor')
    }),
  },
  delays: { CHECK_INTERVAL: CHECK_INTERVAL_MS },
  guards: {
    valid: ({ context }) => isValid(context.session, Date.now()),
    expired: ({ context }) => !isValid(context.session, Date.now()),
    nearExpiry: ({ context }) => remainingMs(context.session, Date.now()) <= REFRESH_WINDOW_MS,
    refreshed: (_, output: RefreshOutput) => output.success === true && !!output.token,
  },
  actions: {
    login: assign(({ event }) => {
      if (event.type !== 'LOGIN') return {}
      const session: SessionData = {
        token: event.token,
        loginDate: Date.now(),
        minutes: event.minutes && event.minutes > 0 ? event.minutes : DEFAULT_MINUTES,
        role: String(event.role ?? '0'),
      }
      saveSession(session)
      return { session }
    }),
    applyRefresh: assign(({ context }, output: RefreshOutput) => {
      if (!context.session || !output.token) return {}
      const session: SessionData = {
        ...context.session,
        token: output.token,
        loginDate: Date.now(),
        minutes: output.minutes && output.minutes > 0 ? output.minutes : DEFAULT_MINUTES,
      }
      saveSession(session)
      return { session }
    }),
    logout: assign(() => {
      clearSession()
      return { session: null }
    }),
    // At start: forget an expired stored session; with none there is nothing to clear (a null input must not
    // wipe another tab's or the app's stored session).
    forgetExpired: assign(({ context }) => {
      if (context.session !== null) clearSession()
      return { session: null }
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input?.session !== undefined ? input.session : loadSession() }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'valid', target: 'loggedIn' },
        { target: 'loggedOut', actions: 'forgetExpired' },
      ],
    },
    loggedOut: {
      on: { LOGIN: { target: 'loggedIn', actions: 'login' } },
    },
    loggedIn: {
      initial: 'idle',
      on: {
        LOGOUT: { target: 'loggedOut', actions: 'logout' },
        LOGIN: { target: 'loggedIn', reenter: true, actions: 'login' },
      },
      states: {
        idle: {
          after: { CHECK_INTERVAL: 'checking' },
          on: { REFRESH: 'refreshing', CHECK: 'checking' },
        },
        checking: {
          always: [
            { guard: 'expired', target: '#session.loggedOut', actions: 'logout' },
            { guard: 'nearExpiry', target: 'refreshing' },
            { target: 'idle' },
          ],
        },
        refreshing: {
          invoke: {
            src: 'refresh',
            onDone: [
              {
                guard: { type: 'refreshed', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'applyRefresh', params: ({ event }) => event.output },
              },
              { target: '#session.loggedOut', actions: 'logout' },
            ],
            onError: { target: '#session.loggedOut', actions: 'logout' },
          },
        },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
