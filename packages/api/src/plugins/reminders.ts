/**
 * App plugin `finance-reminders`: starts the reminder job when the server is ready (interval
 * `FINANCE_REMINDER_INTERVAL_MS`, 0 = off) and stops it on close. `app.runReminders()` runs one pass (tests, CLI).
 */
import fp from 'fastify-plugin'
import { type ReminderRun, runReminders, startReminderJob } from '../reminders/job.ts'

declare module 'fastify' {
  interface FastifyInstance {
    runReminders(): Promise<ReminderRun>
  }
}

export default fp(
  async (app) => {
    const { store, accounts, mailer, config, now, today } = app.finance
    const deps = {
      store,
      accounts,
      mailer,
      secret: config.secrets.jwtSecret,
      publicUrl: config.publicUrl,
      leadDays: config.reminderLeadDays,
      now,
      today,
      log: app.log,
    }
    app.decorate('runReminders', () => runReminders(deps))
    let job: { stop(): Promise<void> } | null = null
    app.addHook('onReady', async () => {
      if (config.reminderIntervalMs > 0) job = startReminderJob(deps, config.reminderIntervalMs, 5_000)
    })
    app.addHook('onClose', async () => {
      await job?.stop()
    })
  },
  { name: 'finance-reminders', fastify: '5.x', dependencies: ['finance-services'] },
)
