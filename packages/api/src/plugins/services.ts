/**
 * App plugin `finance-services`: the store, accounts, mailer, configuration and clock, decorated once on the
 * instance so routes and jobs share them.
 */
import type { EventStore } from '@finance/event-store'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { Accounts, EcbRates, ExchangeRates } from '@finance/books'
import type { Config } from '../config.ts'
import type { Mailer } from '../mail/mailer.ts'

export interface Services {
  readonly store: EventStore
  readonly accounts: Accounts
  readonly mailer: Mailer
  readonly config: Config
  readonly now: () => Date
  /** Today's date in Poland (`yyyy-mm-dd`): taxes and due dates follow the Polish calendar. */
  readonly today: () => string
  /** NBP rates (the web API adapter when absent; tests give recorded answers). */
  readonly rates?: ExchangeRates
  /** The ECB's reference rates (the ECB adapter when absent; tests give recorded answers). */
  readonly ecbRates?: EcbRates
}

declare module 'fastify' {
  interface FastifyInstance {
    finance: Services
    /**
     * Runs `work` once the answer to the request has been sent (or the client has gone): what an answer must not
     * wait for, because its time would tell something (the password-reset request's lookup and mail). `work` handles
     * its own failures; one that escapes is logged.
     */
    afterAnswer(reply: FastifyReply, work: () => Promise<void>): void
    /** Resolves when every work begun by `afterAnswer` is done: on close, and for tests. */
    afterAnswers(): Promise<void>
  }
}

export default fp<{ services: Services }>(
  async (app, { services }) => {
    app.decorate('finance', services)
    const running = new Set<Promise<void>>()
    app.decorate('afterAnswer', (reply: FastifyReply, work: () => Promise<void>) => {
      const sent = new Promise<void>((resolve) => {
        const raw = reply.raw
        if (raw.writableFinished || raw.destroyed) return resolve()
        raw.once('finish', () => resolve())
        raw.once('close', () => resolve())
      })
      const done: Promise<void> = sent
        .then(work)
        .catch((err: unknown) => app.log.error({ err }, 'work after an answer failed'))
        .finally(() => running.delete(done))
      running.add(done)
    })
    app.decorate('afterAnswers', async () => {
      while (running.size > 0) await Promise.allSettled([...running])
    })
  },
  { name: 'finance-services', fastify: '5.x' },
)
