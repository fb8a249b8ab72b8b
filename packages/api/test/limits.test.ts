/**
 * Limits that hold: login attempts counted per account and per client address in counters a flood of other keys
 * cannot evict, a trusted proxy by hop count (a client-chosen X-Forwarded-For entry changes nothing), ADMIN api-key
 * guesses limited, and unknown e-mails costing a login what known ones cost.
 */
import { createMemoryStore } from '@finance/event-store'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createAccounts } from '@finance/books'
import { buildApp } from '../src/app.ts'
import { ensureAdmin } from '../src/bootstrap.ts'
import { loadConfig, testConfig } from '../src/config.ts'
import { ADMIN, call, captureMailer, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const login = (email: string, password: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress, headers })

/** The n-th IPv4 address of 10.0.0.0/8. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

describe('login limits', () => {
  it('more than 10 000 distinct keys sprayed from as many addresses do not reset the count of the attacked account', async () => {
    h = await harness({ config: { loginRateLimit: 10 } })
    const target = 'victim@example.com'
    await h.user(target)
    // Nine guesses (the registration's login was the first attempt of the minute).
    for (let i = 0; i < 9; i++) expect((await login(target, `guess-${i}`, address(i))).statusCode).toBe(401)
    // The spray: 10 500 unknown e-mails, each from its own address, so no per-client limit stops it.
    const SPRAY = 10_500
    for (let start = 0; start < SPRAY; start += 250) {
      const batch = Array.from({ length: Math.min(250, SPRAY - start) }, (_, k) => start + k)
      const answers = await Promise.all(batch.map((n) => login(`spray-${n}@example.com`, 'x', address(1000 + n))))
      for (const a of answers) expect(a.statusCode).toBeLessThan(429)
    }
    // The eleventh guess at the account, from yet another address, is still refused.
    const after = await login(target, 'guess-10', address(20_000))
    expect(after.statusCode).toBe(429)
    expect(after.json()).toEqual({ success: false, errors: ['Too many requests, try again later'] })
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0)
    // Even the right password waits for the window to pass.
    expect((await login(target, 'Secret#123', address(20_001))).statusCode).toBe(429)
    h.clock.now = new Date(h.clock.now.getTime() + 61_000)
    expect((await login(target, 'Secret#123', address(20_002))).statusCode).toBe(200)
  }, 120_000)

  it('one client address spraying e-mails is limited per client', async () => {
    h = await harness({ config: { clientRateLimit: 30 } })
    const answers: number[] = []
    for (let i = 0; i < 35; i++) answers.push((await login(`someone-${i}@example.com`, 'x', '192.0.2.7')).statusCode)
    expect(answers.filter((s) => s !== 429)).toHaveLength(30)
    expect(answers.slice(30)).toEqual([429, 429, 429, 429, 429])
    // Another client is not affected.
    expect((await login(ADMIN.email, ADMIN.password, '192.0.2.8')).statusCode).toBe(200)
  })

  it('an unknown e-mail and a wrong password answer alike', async () => {
    h = await harness()
    const unknown = await login('nobody@example.com', 'Whatever#1')
    const wrong = await login(ADMIN.email, 'Whatever#1')
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401])
    expect(unknown.json()).toEqual(wrong.json())
    expect(unknown.json()).toEqual({ success: false, errors: ['Invalid authentication request'] })
  })

  it('an unknown e-mail costs a login as much time as a known one (a dummy scrypt)', async () => {
    // A realistic hash cost (2^13) so that the scrypt dominates the request, as in production (2^15).
    const store = createMemoryStore()
    const accounts = createAccounts(store, { hashCost: 13 })
    await ensureAdmin(accounts, ADMIN)
    const app = await buildApp({
      store,
      accounts,
      mailer: captureMailer(),
      config: testConfig({ loginRateLimit: 1000, clientRateLimit: 1000 }),
    })
    onTestFinished(() => app.close())
    const time = async (email: string) => {
      const started = performance.now()
      await app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password: 'Wrong#pass1' } })
      return performance.now() - started
    }
    for (let i = 0; i < 3; i++) {
      await time(ADMIN.email)
      await time(`warm-${i}@example.com`)
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 12; i++) {
      known.push(await time(ADMIN.email))
      unknown.push(await time(`unknown-${i}@example.com`))
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
    const ratio = median(unknown) / median(known)
    // Before: ≈ 1 ms against the scrypt's tens of milliseconds.
    expect(ratio).toBeGreaterThan(0.6)
    expect(ratio).toBeLessThan(1.6)
  })
})

describe('trust proxy', () => {
  it('is a hop count or a list of addresses; "trust everything" is refused', () => {
    const env = (v: string) => loadConfig({ FINANCE_DATA_DIR: '/tmp/finance-config-proxy', FINANCE_TRUST_PROXY: v })
    expect(env('').trustProxy).toBe(false)
    expect(env('0').trustProxy).toBe(false)
    expect(env('1').trustProxy).toBe(1)
    expect(env('2').trustProxy).toBe(2)
    expect(env('10.0.0.1, 10.1.0.0/16,::1').trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1'])
    expect(() => env('true')).toThrow(/FINANCE_TRUST_PROXY/)
    expect(() => env('10.0.0.300')).toThrow(/FINANCE_TRUST_PROXY/)
  })

  for (const trustProxy of [1, ['10.9.9.9']] as const)
    it(`behind one proxy (${JSON.stringify(trustProxy)}), a client-chosen X-Forwarded-For entry escapes no limit`, async () => {
      h = await harness({ config: { trustProxy, loginRateLimit: 1000, clientRateLimit: 5 } })
      const via = (client: string, spoofed: string, i: number) =>
        // The client sends its own X-Forwarded-For; the proxy (10.9.9.9) appends the address it saw.
        login(`x${i}@example.com`, 'x', '10.9.9.9', { 'x-forwarded-for': `${spoofed}, ${client}` })
      const answers: number[] = []
      for (let i = 0; i < 8; i++) answers.push((await via('198.51.100.4', `203.0.113.${i}`, i)).statusCode)
      expect(answers.map((s) => s === 429)).toEqual([false, false, false, false, false, true, true, true])
      // Another real client behind the same proxy has its own budget.
      expect((await via('198.51.100.5', '203.0.113.1', 100)).statusCode).toBe(401)
    })

  it('a client that reaches the server directly cannot name its address in X-Forwarded-For', async () => {
    h = await harness({ config: { trustProxy: ['10.9.9.9'], loginRateLimit: 1000, clientRateLimit: 3 } })
    const answers: number[] = []
    for (let i = 0; i < 5; i++)
      answers.push(
        (await login(`d${i}@example.com`, 'x', '192.0.2.50', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode,
      )
    expect(answers.map((s) => s === 429)).toEqual([false, false, false, true, true])
  })
})

describe('ADMIN api key', () => {
  it('guesses are limited per client and per ADMIN', async () => {
    h = await harness()
    const get = (key: string, remoteAddress = '127.0.0.1') =>
      h.app.inject({
        method: 'GET',
        url: '/api/log/GetPage/5/1/true',
        headers: { authorization: `Bearer ${h.adminToken}`, 'x-api-key': key },
        remoteAddress,
      })
    const answers: number[] = []
    for (let i = 0; i < 32; i++) answers.push((await get(`guess-${i}`, address(i))).statusCode)
    expect(answers.slice(0, 30).every((s) => s === 403)).toBe(true)
    expect(answers.slice(30)).toEqual([429, 429])
    // The right key waits too, until the window has passed.
    expect((await get('api-key', address(99))).statusCode).toBe(429)
    h.clock.now = new Date(h.clock.now.getTime() + 61_000)
    expect((await get('api-key', address(99))).statusCode).toBe(200)
  })
})

describe('shared counters', () => {
  it('two app instances on one store count together', async () => {
    const store = createMemoryStore()
    h = await harness({ store, config: { loginRateLimit: 4 } })
    const other = await harness({ store, config: { loginRateLimit: 4 } })
    try {
      // Each harness logged the ADMIN in once: two attempts of four are used.
      expect(
        (await call(other.app, null, 'POST', '/api/account/login', { email: ADMIN.email, password: 'x' })).statusCode,
      ).toBe(401)
      expect((await login(ADMIN.email, 'y')).statusCode).toBe(401)
      expect(
        (await call(other.app, null, 'POST', '/api/account/login', { email: ADMIN.email, password: 'z' })).statusCode,
      ).toBe(429)
    } finally {
      await other.close()
    }
  })
})
