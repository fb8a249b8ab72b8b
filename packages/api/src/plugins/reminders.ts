/**
 * App plugin `finance-reminders`: runs the reminder job of `@finance/books` on a timer when the server is ready
 * (interval `FINANCE_REMINDER_INTERVAL_MS`, 0 = off), delivering each reminder as an e-mail in the user's language,
 * and stops it on close. `app.runReminders()` runs one pass (tests).
 */
import { type ReminderDeps, type ReminderRun, runReminders } from '@finance/books'
import fp from 'fastify-plugin'
import { reminderMail } from '../mail/messages.ts'

declare module 'fastify' {
  interface FastifyInstance {
    runReminders(): Promise<ReminderRun>
  }
}

export default fp(
  async (app) => {
    const { store, accounts, mailer, config, now, today } = app.finance
    const deps: ReminderDeps = {
      store,
      accounts,
      deliver: async (user, r, link) => {
        await mailer.send({ to: user.email, ...reminderMail(user.language, r, link) })
      },
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

/**
 * Runs `runReminders` every `intervalMs` (never overlapping), the first time after `firstAfterMs` (so a restart
 * catches up soon); `stop` waits for a run in progress.
 */
export function startReminderJob(
  deps: ReminderDeps,
  intervalMs: number,
  firstAfterMs = intervalMs,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null
  let stopped = false
  const tick = () => {
    if (running || stopped) return
    running = runReminders(deps)
      .catch((err: unknown) => deps.log?.error({ err }, 'reminder run failed'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  const first = setTimeout(tick, Math.min(firstAfterMs, intervalMs))
  first.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(first)
      await running
    },
  }
}
