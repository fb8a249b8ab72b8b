/**
 * `buildApp(options)`: the Fastify application, layered as external plugins → app plugins (`fastify-plugin` with
 * name and dependencies) → routes. Tests build it with a memory or SQLite store and call it with `app.inject`.
 */
import { join } from 'node:path'
import type { EventStore } from '@finance/event-store'
import { dateInPoland } from '@finance/ledger-core/light'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type Accounts, createAccounts, type EcbRates, type ExchangeRates } from '@finance/books'
import type { Config } from './config.ts'
import { clientErrorHandler, frameworkErrors } from './http/framework.ts'
import { redactUrl } from './http/redact.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import auth from './plugins/auth.ts'
import docs from './plugins/docs.ts'
import errors from './plugins/errors.ts'
import reminders from './plugins/reminders.ts'
import backups from './plugins/backups.ts'
import myDataRoutes from './routes/myData.ts'
import ksefFetch from './plugins/ksefFetch.ts'
import security from './plugins/security.ts'
import services from './plugins/services.ts'
import web from './plugins/web.ts'
import accountRoutes from './routes/account.ts'
import bankRoutes from './routes/bank.ts'
import invoiceRoutes from './routes/invoices.ts'
import ksefRoutes from './routes/ksef.ts'
import ksefOnlineRoutes from './routes/ksefOnline.ts'
import miscRoutes from './routes/misc.ts'
import recordRoutes from './routes/records.ts'
import taxBookRoutes from './routes/taxBooks.ts'
import transactionRoutes from './routes/transactions.ts'
import yearEndRoutes from './routes/yearEnd.ts'
import vatRefundRoutes from './routes/vatRefund.ts'
import assetRoutes from './routes/assets.ts'
import rateRoutes from './routes/rates.ts'
import assetVatRoutes from './routes/assetVat.ts'
import setupRoutes from './routes/setup.ts'
import exportRoutes from './routes/exports.ts'

export interface BuildAppOptions {
  readonly store: EventStore
  readonly config: Config
  /** Defaults to `createAccounts(store)`. */
  readonly accounts?: Accounts
  /** Defaults to SMTP (`config.smtpUrl`) or the `{dataDir}/outbox` directory. */
  readonly mailer?: Mailer
  /** The clock (tests fix it). */
  readonly now?: () => Date
  /** Fastify logger option; default: off in tests, pretty JSON with redaction when `true`. */
  readonly logger?: FastifyServerOptions['logger']
  /** Close the store when the app closes (main does; tests that reopen a file may too). */
  readonly closeStore?: boolean
  /** NBP rates; defaults to the NBP web API adapter. */
  readonly rates?: ExchangeRates
  /** The ECB's reference rates; defaults to the ECB adapter. */
  readonly ecbRates?: EcbRates
}

/** Log redaction: secrets never reach the log, whatever a plugin decides to log. */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'confirmPassword',
  'code',
  'key',
  'token',
  'privateKey',
  'apiKey',
  'jwtSecret',
  'registrationKey',
  'authorization',
]

/** Log redaction: secrets never reach the log, whatever a plugin or a handler decides to log. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
]

/**
 * Logger options for `main`: JSON lines, secret fields censored, secret query values removed from URLs (matched on
 * the decoded parameter name, as the query parser reads it: `?%6bey=` is `key`).
 */
export const loggerOptions = (level = 'info'): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: LOG_REDACT, censor: '[redacted]' },
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({
      method: req.method,
      url: redactUrl(req.url),
      ip: req.ip,
    }),
  },
})

/**
 * Fastify's `trustProxy` from the configuration. A hop count trusts that many hops next to the server (hop 0 is the
 * socket's peer), so the client address is the entry the outermost trusted proxy appended; entries a client wrote
 * itself further left are never used. (Fastify's own numeric option trusts no hop at all.)
 */
export const trustProxyOption = (
  t: Config['trustProxy'],
): false | string[] | ((addr: string, hop: number) => boolean) =>
  typeof t === 'number' ? (_addr, hop) => hop < t : t === false ? false : [...t]

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { store, config } = options
  const now = options.now ?? (() => new Date())
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids and dates in paths are matched case-sensitively; `GetByType` etc. keep SPEC's spelling.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors,
    clientErrorHandler,
  })
  const accounts = options.accounts ?? createAccounts(store, { now })
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    })

  // External plugins and app plugins.
  await app.register(services, {
    services: {
      store,
      accounts,
      mailer,
      config,
      now,
      today: () => dateInPoland(now()),
      ...(options.rates ? { rates: options.rates } : {}),
      ...(options.ecbRates ? { ecbRates: options.ecbRates } : {}),
    },
  })
  await app.register(errors)
  await app.register(security)
  await app.register(docs)
  await app.register(auth)
  await app.register(reminders)
  await app.register(backups)
  await app.register(ksefFetch)
  // OpenAPI: routes behind `authenticate` declare the bearer scheme.
  app.addHook('onRoute', (route) => {
    const hooks = ([] as unknown[]).concat(route.onRequest ?? [])
    if (!hooks.includes(app.authenticate) || !route.url.startsWith('/api/')) return
    const schema = (route.schema ?? {}) as Record<string, unknown>
    if (!schema.security) route.schema = { ...schema, security: [{ bearer: [] }] }
  })
  // Routes.
  await app.register(accountRoutes)
  await app.register(recordRoutes)
  await app.register(transactionRoutes)
  await app.register(yearEndRoutes)
  await app.register(vatRefundRoutes)
  await app.register(assetRoutes)
  await app.register(rateRoutes)
  await app.register(assetVatRoutes)
  await app.register(taxBookRoutes)
  await app.register(ksefRoutes)
  await app.register(ksefOnlineRoutes)
  await app.register(bankRoutes)
  await app.register(invoiceRoutes)
  await app.register(miscRoutes)
  await app.register(myDataRoutes)
  await app.register(setupRoutes)
  await app.register(exportRoutes)
  await app.register(web, { webRoot: config.webRoot })

  app.addHook('onClose', async () => {
    // A reset mail asked for just before closing is still written before the mailer and the store close.
    await app.afterAnswers()
    if (!options.mailer) mailer.close()
    if (options.closeStore) await store.close()
  })
  return app
}
