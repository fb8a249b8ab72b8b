/** Test harness: builds the app on a given store with a fixed clock, a captured mailer and a bootstrapped ADMIN. */
import { afterEach } from 'vitest'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { SMTPServer } from 'smtp-server'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createAccounts, type EcbRates, type ExchangeRates } from '@finance/books'
import { buildApp } from '../src/app.ts'
import { ensureAdmin } from '../src/bootstrap.ts'
import { type Config, testConfig } from '../src/config.ts'
import type { MailMessage, Mailer } from '../src/mail/mailer.ts'
import { bodies, type BodyType, familyOf } from './fixtures.ts'
import { freePort } from './ports.ts'

export const ADMIN = { email: 'admin@example.com', password: 'Admin#Pass1' }
export const PASSWORD = 'Secret#123'

export interface CapturedMailer extends Mailer {
  readonly sent: MailMessage[]
  /** When set, `send` rejects (a mail server that is down). */
  failing: boolean
}

export function captureMailer(): CapturedMailer {
  const sent: MailMessage[] = []
  const mailer: CapturedMailer = {
    kind: 'outbox',
    sent,
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('SMTP down')
      sent.push(message)
      return { messageId: `<${sent.length}@test>` }
    },
    close() {},
  }
  return mailer
}

export interface Harness {
  app: FastifyInstance
  store: EventStore
  config: Config
  mailer: CapturedMailer
  clock: { now: Date }
  adminToken: string
  login(email: string, password: string): Promise<string>
  /** Registers a USER through the API as the ADMIN and returns its token. */
  user(email: string): Promise<string>
  close(): Promise<void>
}

export async function harness(
  options: {
    store?: EventStore
    now?: string
    config?: Partial<Config>
    mailer?: CapturedMailer
    /** log2 of the scrypt cost (default 4: fast tests). */
    hashCost?: number
    /** NBP rates (recorded answers); default: the web API adapter. */
    rates?: ExchangeRates
    /** The ECB's rates (recorded answers); default: the ECB adapter. */
    ecbRates?: EcbRates
  } = {},
): Promise<Harness> {
  const store = options.store ?? createMemoryStore()
  const clock = { now: new Date(options.now ?? '2026-03-10T10:00:00.000Z') }
  const now = () => new Date(clock.now.getTime())
  const config = testConfig(options.config)
  const mailer = options.mailer ?? captureMailer()
  const accounts = createAccounts(store, { hashCost: options.hashCost ?? 4, now })
  await ensureAdmin(accounts, ADMIN)
  const app = await buildApp({
    store,
    config,
    accounts,
    mailer,
    now,
    ...(options.rates ? { rates: options.rates } : {}),
    ...(options.ecbRates ? { ecbRates: options.ecbRates } : {}),
  })
  await app.ready()
  const login = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } })
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`)
    return res.json().token as string
  }
  const adminToken = await login(ADMIN.email, ADMIN.password)
  return {
    app,
    store,
    config,
    mailer,
    clock,
    adminToken,
    login,
    async user(email) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: {
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          appRole: 'USER',
          key: config.secrets.registrationKey,
        },
      })
      if (res.statusCode !== 200) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`)
      return login(email, PASSWORD)
    },
    close: () => app.close(),
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * Calls the API as `token` with a JSON body; answers once the work the request began after its answer (a reset
 * request's mail) is done too, so a test reads the mail right after.
 */
export const call = async (
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> => {
  const res = await app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
  await app.afterAnswers()
  return res
}

/** A USER `email` with the records written in order, each `[dataType, dataObject]` (the fixtures' body by default). */
export async function userWith(
  hh: Harness,
  records: readonly (BodyType | readonly [BodyType, unknown])[],
  email = 'a@example.com',
): Promise<string> {
  const t = await hh.user(email)
  for (const record of records) {
    const [type, dataObject] = typeof record === 'string' ? [record, bodies[record]] : record
    const res = await call(hh.app, t, 'POST', `/api/${familyOf(type)}`, { dataType: type, dataObject })
    if (res.statusCode !== 201) throw new Error(`${type}: ${res.body}`)
  }
  return t
}

/** A user with settings and items of every kind (VAT, PIT, social security, fixed and recurring items). */
export const seeded = (hh: Harness, email = 'a@example.com'): Promise<string> =>
  userWith(hh, ['Vat', 'Pit', 'SocialSecurity', 'Income', 'RecurringIncome', 'Expense', 'RecurringExpense'], email)

/**
 * The harness of each test, closed after it (call it at the top of a file): in a test,
 * `const { h, t } = await opened.user('a@example.com', { now })` opens one with that USER; `opened.h` is the last.
 */
export const harnessEachTest = () => {
  let h: Harness | undefined
  closeHarnessAfterEach(() => h)
  return {
    get h(): Harness {
      if (!h) throw new Error('no harness is open (open one inside a test)')
      return h
    },
    user: async (email: string, options?: Parameters<typeof harness>[0]) => {
      h = await harness(options)
      return { h, t: await h.user(email) }
    },
  }
}

export { freePort }

/** A real SMTP server on a free port that keeps every message it receives (raw). */
export async function smtpSink(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = ''
      stream.on('data', (c: Buffer) => {
        data += c.toString('utf8')
      })
      stream.on('end', () => {
        received.push(data)
        done()
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A row of the month's transactions (`GET /api/transaction/…`) as the tests read it. */
export interface TxRow<D = Record<string, unknown>> {
  readonly id: string
  readonly eventType: string
  readonly date: string
  readonly completed: boolean
  readonly notification: boolean
  readonly notificationCompleted: boolean
  readonly paidAmount: string | null
  readonly remainingAmount: string | null
  readonly dataObject: D
}

/** Closes the harness a test opened (the test file's own `let h`) after each test: `closeHarnessAfterEach(() => h)`. */
export const closeHarnessAfterEach = (opened: () => Harness | undefined): void =>
  afterEach(async () => {
    await opened()?.close()
  })
