/**
 * App plugin `finance-ksef-fetch`: fetches the invoices received in KSeF for every user with a stored token on a
 * timer when the server is ready (`FINANCE_KSEF_FETCH_INTERVAL_MS`, 0 = off; KSeF asks for at least 15 minutes
 * between exports), one claim per user and interval across instances; each result shows on the KSeF screen as a
 * fetch started there does. `app.runKsefFetches()` runs one pass (tests).
 */
import { type KsefFetchRun, runKsefFetches } from '@finance/books'
import { KSEF_BASE_URLS } from '@finance/ksef'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    runKsefFetches(): Promise<KsefFetchRun>
  }
}

export default fp(
  async (app) => {
    const { store, accounts, config, now } = app.finance
    const interval = config.ksefFetchIntervalMs ?? 0
    const pass = async () =>
      runKsefFetches(
        {
          store,
          serverSecret: config.secrets.jwtSecret,
          now,
          baseUrlOf: (environment) => config.ksefBaseUrl ?? KSEF_BASE_URLS[environment],
        },
        (await accounts.list()).map((u) => u.id),
        Math.max(interval, 15 * 60_000),
      )
    app.decorate('runKsefFetches', pass)
    let timer: NodeJS.Timeout | null = null
    let running: Promise<unknown> | null = null
    const tick = () => {
      if (running) return
      running = pass()
        .then((r) => app.log.info({ ksefFetch: r }, 'scheduled KSeF fetch'))
        .catch((err: unknown) => app.log.error({ err }, 'scheduled KSeF fetch failed'))
        .finally(() => {
          running = null
        })
    }
    app.addHook('onReady', async () => {
      if (interval > 0) {
        timer = setInterval(tick, interval)
        timer.unref()
      }
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
      await running
    })
  },
  { name: 'finance-ksef-fetch', fastify: '5.x', dependencies: ['finance-services'] },
)
