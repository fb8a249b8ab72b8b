/**
 * App plugin `finance-services`: the store, accounts, mailer, configuration and clock, decorated once on the
 * instance so routes and jobs share them.
 */
import type { EventStore } from '@finance/event-store'
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
  }
}

export default fp<{ services: Services }>(
  async (app, { services }) => {
    app.decorate('finance', services)
  },
  { name: 'finance-services', fastify: '5.x' },
)
