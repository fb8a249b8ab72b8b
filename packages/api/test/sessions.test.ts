/**
 * Sessions that end: a password change or reset revokes every earlier token of the user, a logout ends its own
 * session on every instance, a refresh cannot carry a session past its absolute lifetime, and a token without `exp`
 * or a session claim is refused.
 */
import { createMemoryStore } from '@finance/event-store'
import { describe, expect, it } from 'vitest'
import { call, type Harness, harness, PASSWORD, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const NEW_PASSWORD = 'Changed#456'
const protectedCall = (token: string) => call(h.app, token, 'GET', '/api/fee/GetListByType/Vat')

describe('revocation', () => {
  it('a password change revokes every earlier token, the one that changed it included, and answers a new one', async () => {
    h = await harness()
    const first = await h.user('a@example.com')
    const second = await h.login('a@example.com', PASSWORD)
    expect((await protectedCall(first)).statusCode).toBe(200)
    const changed = await call(h.app, first, 'POST', '/api/account/changePassword', {
      email: 'a@example.com',
      oldPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(changed.statusCode).toBe(200)
    const body = changed.json()
    expect(body).toMatchObject({ success: true, errors: [], minutes: 20, token: expect.any(String) })
    for (const old of [first, second]) {
      const res = await protectedCall(old)
      expect(res.statusCode).toBe(401)
      expect(res.json().errors).toEqual(['!Token'])
      expect((await call(h.app, old, 'POST', '/api/account/refreshToken')).statusCode).toBe(401)
    }
    expect((await protectedCall(body.token)).statusCode).toBe(200)
    expect((await protectedCall(await h.login('a@example.com', NEW_PASSWORD))).statusCode).toBe(200)
  })

  it('a password reset and an operator reset revoke every earlier token', async () => {
    h = await harness()
    const before = await h.user('a@example.com')
    await call(h.app, null, 'POST', '/api/account/resetPassword', { email: 'a@example.com' })
    const link = /code=([^&\s]+)/.exec(h.mailer.sent.at(-1)!.text)![1]!
    expect((await protectedCall(before)).statusCode).toBe(200)
    const reset = await call(h.app, null, 'POST', '/api/account/resetPasswordConfirmed', {
      email: 'a@example.com',
      code: decodeURIComponent(link),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(reset.statusCode).toBe(200)
    expect((await protectedCall(before)).statusCode).toBe(401)
    const after = await h.login('a@example.com', NEW_PASSWORD)
    expect((await protectedCall(after)).statusCode).toBe(200)
    // The operator's reset (finance users password) goes through the same accounts service.
    await h.app.finance.accounts.setPassword('a@example.com', 'Operator#789')
    expect((await protectedCall(after)).statusCode).toBe(401)
  })
})

describe('logout', () => {
  const logout = (token: string) => call(h.app, token, 'POST', '/api/account/logout')
  const refresh = async (token: string) => {
    const res = await call(h.app, token, 'POST', '/api/account/refreshToken')
    expect(res.statusCode).toBe(200)
    return res.json().token as string
  }

  it('ends the session: its token and the tokens refreshed from it are refused, other sessions go on', async () => {
    h = await harness()
    const first = await h.user('a@example.com')
    h.clock.now = new Date(h.clock.now.getTime() + 60_000)
    const refreshed = await refresh(first)
    const other = await h.login('a@example.com', PASSWORD)
    const res = await logout(first)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, errors: [] })
    for (const ended of [first, refreshed]) {
      const denied = await protectedCall(ended)
      expect(denied.statusCode).toBe(401)
      expect(denied.json()).toEqual({ success: false, errors: ['!Token'] })
      expect((await call(h.app, ended, 'POST', '/api/account/refreshToken')).statusCode).toBe(401)
      // Logging out again answers as any invalid token does, and records nothing.
      expect((await logout(ended)).statusCode).toBe(401)
    }
    expect((await protectedCall(other)).statusCode).toBe(200)
    expect((await protectedCall(await refresh(other))).statusCode).toBe(200)
    expect((await protectedCall(h.adminToken)).statusCode).toBe(200)
    const ends: unknown[] = []
    for await (const e of h.store.iterateAll({ streamPrefixes: ['user-'] }))
      if (e.type === 'SessionEnded') ends.push(e.data)
    // One event, naming the session and the end of its absolute lifetime (login + 12 hours), no token.
    expect(ends).toEqual([{ sessionId: expect.stringMatching(/^[\w-]{22}$/), until: '2026-03-10T22:00:00.000Z' }])
    // A new login is a new session.
    expect((await protectedCall(await h.login('a@example.com', PASSWORD))).statusCode).toBe(200)
  })

  it('a logout from a refreshed token ends the tokens before it too', async () => {
    h = await harness()
    const first = await h.user('a@example.com')
    const refreshed = await refresh(first)
    expect((await logout(refreshed)).statusCode).toBe(200)
    expect((await protectedCall(first)).statusCode).toBe(401)
    expect((await protectedCall(refreshed)).statusCode).toBe(401)
  })

  it('another instance on the same store refuses the ended session once it catches up (within a second)', async () => {
    const store = createMemoryStore()
    h = await harness({ store })
    const other = await harness({ store })
    try {
      const token = await h.user('a@example.com')
      const second = await h.login('a@example.com', PASSWORD)
      // The other instance knows the session (it has looked the user up) before the logout.
      expect((await call(other.app, token, 'GET', '/api/fee/GetListByType/Vat')).statusCode).toBe(200)
      expect((await logout(token)).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const denied = await call(other.app, token, 'GET', '/api/fee/GetListByType/Vat')
      expect(denied.statusCode).toBe(401)
      expect((await call(other.app, token, 'POST', '/api/account/refreshToken')).statusCode).toBe(401)
      expect((await call(other.app, second, 'GET', '/api/fee/GetListByType/Vat')).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('needs a session, and a cookie-borne logout the CSRF token', async () => {
    h = await harness()
    const none = await call(h.app, null, 'POST', '/api/account/logout')
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ success: false, errors: ['!Token'] })
    const token = await h.user('a@example.com')
    const withCookie = await h.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { authorization: `Bearer ${token}`, cookie: '_csrf=x' },
    })
    expect(withCookie.statusCode).toBe(403)
    expect((await protectedCall(token)).statusCode).toBe(200)
  })

  it('keeps only the ended sessions that could still be alive, and a password change clears them', async () => {
    h = await harness({ config: { sessionMaxHours: 1 } })
    const ended = () => h.app.finance.accounts.findByEmail('a@example.com').then((u) => u!.endedSessions.size)
    await h.user('a@example.com')
    expect((await logout(await h.login('a@example.com', PASSWORD))).statusCode).toBe(200)
    expect((await logout(await h.login('a@example.com', PASSWORD))).statusCode).toBe(200)
    expect(await ended()).toBe(2)
    // An hour later both sessions are over anyway: the next logout drops them.
    h.clock.now = new Date(h.clock.now.getTime() + 3600_000)
    expect((await logout(await h.login('a@example.com', PASSWORD))).statusCode).toBe(200)
    expect(await ended()).toBe(1)
    await h.app.finance.accounts.setPassword('a@example.com', NEW_PASSWORD)
    expect(await ended()).toBe(0)
  })
})

describe('absolute lifetime', () => {
  it('refreshing every 15 minutes ends the session after FINANCE_SESSION_MAX_HOURS', async () => {
    h = await harness({ config: { sessionMaxHours: 1 } })
    let token = await h.user('a@example.com')
    const started = h.clock.now.getTime()
    const refreshes: { minutes: number; at: number }[] = []
    for (let i = 0; i < 10; i++) {
      h.clock.now = new Date(h.clock.now.getTime() + 15 * 60_000)
      const res = await call(h.app, token, 'POST', '/api/account/refreshToken')
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(401)
        expect(res.json().errors).toEqual(['!Token'])
        break
      }
      token = res.json().token
      refreshes.push({ minutes: res.json().minutes, at: h.clock.now.getTime() - started })
    }
    // 15, 30, 45 minutes: full 20-minute tokens would reach 65 minutes, so the third is cut to the hour.
    expect(refreshes.map((r) => r.minutes)).toEqual([20, 20, 15])
    expect((await protectedCall(token)).statusCode).toBe(401)
    // Logging in again starts a new session.
    expect((await protectedCall(await h.login('a@example.com', PASSWORD))).statusCode).toBe(200)
  })

  it('a token expires by the server clock, whatever its refreshes', async () => {
    h = await harness()
    const token = await h.user('a@example.com')
    h.clock.now = new Date(h.clock.now.getTime() + 21 * 60_000)
    expect((await protectedCall(token)).statusCode).toBe(401)
  })
})

describe('claims', () => {
  it('refuses a correctly signed token without exp, or without the session claims', async () => {
    h = await harness()
    await h.user('a@example.com')
    const user = (await h.app.finance.accounts.findByEmail('a@example.com'))!
    const iat = Math.floor(h.clock.now.getTime() / 1000)
    const sid = 'AAAAAAAAAAAAAAAAAAAAAA'
    const claims = { sub: user.id, email: user.email, role: user.role, sv: 0, sst: iat, sid, iat }
    const sign = (payload: Record<string, unknown>) => h.app.jwt.sign(payload as never)
    expect((await protectedCall(sign(claims))).statusCode).toBe(401)
    expect((await protectedCall(sign({ ...claims, exp: iat + 600 }))).statusCode).toBe(200)
    const { sv: _sv, ...noVersion } = claims
    expect((await protectedCall(sign({ ...noVersion, exp: iat + 600 }))).statusCode).toBe(401)
    const { sst: _sst, ...noStart } = claims
    expect((await protectedCall(sign({ ...noStart, exp: iat + 600 }))).statusCode).toBe(401)
    // A token issued before sessions had ids cannot be logged out: it is refused, and its user logs in again.
    const { sid: _sid, ...noSession } = claims
    expect((await protectedCall(sign({ ...noSession, exp: iat + 600 }))).statusCode).toBe(401)
    expect((await protectedCall(sign({ ...claims, sid: 'x', exp: iat + 600 }))).statusCode).toBe(401)
    // A token claiming to outlive the session's absolute lifetime is cut at it.
    expect((await protectedCall(sign({ ...claims, sst: iat - 13 * 3600, exp: iat + 600 }))).statusCode).toBe(401)
  })
})
