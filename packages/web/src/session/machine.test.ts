import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { CHECK_INTERVAL_MS, clearSession, loadSession, type RefreshOutput, sessionMachine } from './machine.ts'
import { storageKeys } from '../storage.ts'

const MIN = 60_000

const start = (refresh: () => Promise<RefreshOutput>) => {
  const calls = { n: 0 }
  const machine = sessionMachine.provide({
    actors: {
      refresh: fromPromise(async () => {
        calls.n++
        return refresh()
      }),
    },
  })
  const actor = createActor(machine, { input: {} }).start()
  return { actor, calls }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('session machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-03-10T10:00:00Z'))
    clearSession()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts logged out without a stored token, and a refresh then makes no call', () => {
    const { actor, calls } = start(async () => ({ success: true, token: 'x', minutes: 20 }))
    expect(actor.getSnapshot().value).toBe('loggedOut')
    actor.send({ type: 'REFRESH' })
    expect(calls.n).toBe(0)
    expect(actor.getSnapshot().value).toBe('loggedOut')
  })

  it('stores token, login date and role under the SPEC keys on login, and clears them on logout', () => {
    const { actor } = start(async () => ({ success: true }))
    actor.send({ type: 'LOGIN', token: 'jwt-1', minutes: 20, role: '1024' })
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true)
    expect(localStorage.getItem(storageKeys.token)).toBe('jwt-1')
    expect(localStorage.getItem(storageKeys.role)).toBe('1024')
    expect(Number(localStorage.getItem(storageKeys.loginDate))).toBe(Date.now())
    actor.send({ type: 'LOGOUT' })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
    expect(localStorage.getItem(storageKeys.loginDate)).toBeNull()
    expect(localStorage.getItem(storageKeys.role)).toBeNull()
  })

  it('defaults to 20 minutes of validity when the login gives none', () => {
    const { actor } = start(async () => ({ success: true }))
    actor.send({ type: 'LOGIN', token: 't', role: '1' })
    expect(actor.getSnapshot().context.session?.minutes).toBe(20)
  })

  it('does not refresh at the 5-minute check while more than 10 minutes remain', async () => {
    const { actor, calls } = start(async () => ({ success: true, token: 'new', minutes: 20 }))
    actor.send({ type: 'LOGIN', token: 't', minutes: 20, role: '1' })
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS) // 15 min left
    expect(calls.n).toBe(0)
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true)
  })

  it('refreshes at the check when 10 minutes or less remain and keeps the new token', async () => {
    const { actor, calls } = start(async () => ({ success: true, token: 'new', minutes: 20 }))
    actor.send({ type: 'LOGIN', token: 'old', minutes: 20, role: '1' })
    await vi.advanceTimersByTimeAsync(2 * CHECK_INTERVAL_MS) // 10 min left
    await flush()
    expect(calls.n).toBe(1)
    expect(actor.getSnapshot().context.session?.token).toBe('new')
    expect(localStorage.getItem(storageKeys.token)).toBe('new')
    expect(Number(localStorage.getItem(storageKeys.loginDate))).toBe(Date.now())
    // The new validity counts from the refresh: the next two checks do not refresh again.
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS)
    expect(calls.n).toBe(1)
  })

  it('logs out when the refresh is unsuccessful, has no token, or fails (status 0)', async () => {
    for (const refresh of [
      async () => ({ success: false, errors: ['!Token'] }),
      async () => ({ success: true, token: null }),
      async () => {
        throw new Error('Unknown Error')
      },
    ]) {
      clearSession()
      const { actor } = start(refresh)
      actor.send({ type: 'LOGIN', token: 't', minutes: 20, role: '1' })
      actor.send({ type: 'REFRESH' })
      await flush()
      expect(actor.getSnapshot().value).toBe('loggedOut')
      expect(localStorage.getItem(storageKeys.token)).toBeNull()
      actor.stop()
    }
  })

  it('extends the session on REFRESH (Extend the session) with the minutes the server gives', async () => {
    const { actor, calls } = start(async () => ({ success: true, token: 'ext', minutes: 30 }))
    actor.send({ type: 'LOGIN', token: 't', minutes: 20, role: '1' })
    await vi.advanceTimersByTimeAsync(3 * MIN)
    actor.send({ type: 'REFRESH' })
    await flush()
    expect(calls.n).toBe(1)
    const s = actor.getSnapshot().context.session
    expect(s?.token).toBe('ext')
    expect(s?.minutes).toBe(30)
    expect(s?.loginDate).toBe(Date.now())
  })

  it('restores a valid stored session and drops an expired one', () => {
    localStorage.setItem(storageKeys.token, 'stored')
    localStorage.setItem(storageKeys.loginDate, String(Date.now() - 5 * MIN))
    localStorage.setItem(storageKeys.role, '1')
    expect(createActor(sessionMachine, { input: {} }).start().getSnapshot().matches('loggedIn')).toBe(true)
    localStorage.setItem(storageKeys.loginDate, String(Date.now() - 21 * MIN))
    const expired = createActor(sessionMachine, { input: {} }).start()
    expect(expired.getSnapshot().value).toBe('loggedOut')
    expect(loadSession()).toBeNull()
  })

  it('reads a missing role as 0', () => {
    localStorage.setItem(storageKeys.token, 'stored')
    localStorage.setItem(storageKeys.loginDate, String(Date.now()))
    expect(loadSession()?.role).toBe('0')
  })

  it('logs out at a check after the validity ran out (refresh impossible)', async () => {
    const { actor } = start(async () => {
      throw new Error('offline')
    })
    actor.send({ type: 'LOGIN', token: 't', minutes: 4, role: '1' })
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS)
    await flush()
    expect(actor.getSnapshot().value).toBe('loggedOut')
  })
})

describe('session machine with an explicit logged-out input', () => {
  it('does not wipe a stored session (stories, fallbacks)', () => {
    localStorage.setItem(storageKeys.token, 'stored')
    localStorage.setItem(storageKeys.loginDate, String(Date.now()))
    const actor = createActor(sessionMachine, { input: { session: null } }).start()
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(localStorage.getItem(storageKeys.token)).toBe('stored')
  })
})
