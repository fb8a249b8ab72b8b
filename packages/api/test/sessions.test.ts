/**
 * Sessions that end: a password change or reset revokes every earlier token of the user, a refresh cannot carry a
 * session past its absolute lifetime, and a token without `exp` is refused.
 */
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
    const claims = { sub: user.id, email: user.email, role: user.role, sv: 0, sst: iat, iat }
    const sign = (payload: Record<string, unknown>) => h.app.jwt.sign(payload as never)
    expect((await protectedCall(sign(claims))).statusCode).toBe(401)
    expect((await protectedCall(sign({ ...claims, exp: iat + 600 }))).statusCode).toBe(200)
    const { sv: _sv, ...noVersion } = claims
    expect((await protectedCall(sign({ ...noVersion, exp: iat + 600 }))).statusCode).toBe(401)
    const { sst: _sst, ...noStart } = claims
    expect((await protectedCall(sign({ ...noStart, exp: iat + 600 }))).statusCode).toBe(401)
    // A token claiming to outlive the session's absolute lifetime is cut at it.
    expect((await protectedCall(sign({ ...claims, sst: iat - 13 * 3600, exp: iat + 600 }))).statusCode).toBe(401)
  })
})
