/**
 * The reminder job's logic (the API runs it on a timer and delivers the e-mail): for every user, the transactions the books say a reminder is due for (`remindersDue`, from the
 * current books: notification on, something still to pay, due today up to `leadDays` ahead — or, for a payment
 * whose amount grew after it was completed, the remainder, also when late) get an e-mail with a signed Accept
 * link; after the send, `ReminderSent` is appended with the amount asked for (the event is the record, so a restart
 * never sends twice). A failed send appends nothing and is retried on the next tick.
 *
 * Several instances on one store (PostgreSQL) run the job at once; each reminder is sent by one of them. Before
 * sending, an instance claims the reminder with the store's shared counter `reminder:{user}:{transaction}:{stage}`
 * (the stage: `open`, or the remainder after a completion of a given amount): only the
 * instance whose increment answers 1 sends, after checking the freshly read books that nobody recorded it meanwhile.
 * A failed send releases the claim (retried on the next tick, by any instance); a claim whose instance died expires
 * after `CLAIM_MS` and is taken over. So a reminder is mailed once, except when an instance dies (or cannot append)
 * after the mail server accepted the message and before `ReminderSent` is recorded: then it is mailed again once the
 * claim expires (docs/operations.md).
 */
import type { EventStore } from '@finance/event-store'
import { findTransaction, isDomainError, outstandingOf, type ReminderDue } from '@finance/ledger-core/light'
import type { Accounts, User } from '../accounts/service.ts'
import { loadBooks } from '../books.ts'
import { executeBooks } from '../commands/execute.ts'
import { reminderRows } from '../views/transactions.ts'
import { ACCEPT_KEY_TTL_MS, signAcceptKey } from './keys.ts'

export interface ReminderDeps {
  readonly store: EventStore
  readonly accounts: Accounts
  /**
   * Sends the reminder `r` to `user` with the Accept `link` (the API: an e-mail in the user's language). A rejection
   * counts as a failed send: nothing is recorded and the reminder is tried again on the next run.
   */
  readonly deliver: (user: User, r: ReminderDue, link: string) => Promise<void>
  /** The secret the Accept keys are signed with. */
  readonly secret: string
  readonly publicUrl: string
  readonly leadDays: number
  readonly now: () => Date
  /** Today in Poland, `yyyy-mm-dd`. */
  readonly today: () => string
  readonly log?: { info(o: object, m: string): void; error(o: object, m: string): void }
}

export interface ReminderRun {
  readonly sent: number
  readonly failed: number
}

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** How long a claim keeps other instances off one reminder: longer than any SMTP exchange takes. */
export const CLAIM_MS = 30 * 60_000

/**
 * Claims a reminder for this instance: true when no other instance holds it and the fresh books still want it sent.
 */
async function claim(deps: ReminderDeps, userId: string, r: ReminderDue): Promise<string | null> {
  const t = r.transaction
  const key = `reminder:${userId}:${t.id}:${r.remainder ? `rest-${t.paidAmount}` : 'open'}`
  const { value } = await deps.store.counters.increment(key, CLAIM_MS, deps.now().getTime())
  if (value !== 1) return null
  // Another instance may have sent and recorded it between our reading of the books and our claim.
  const found = findTransaction((await loadBooks(deps.store, userId)).state, t.id)
  const f = found?.flags
  if (!found || !f || f.hidden || !f.notification || outstandingOf(found.row, f) <= 0n) return null
  if (f.completed ? f.remainderReminded : f.notificationCompleted) return null
  return key
}

/** Transactions of a user that are due for a reminder today. */
export async function dueReminders(
  store: EventStore,
  userId: string,
  today: string,
  leadDays: number,
): Promise<ReminderDue[]> {
  const { state } = await loadBooks(store, userId)
  return reminderRows(state, today, addDays(today, leadDays))
}

export async function runReminders(deps: ReminderDeps): Promise<ReminderRun> {
  let sent = 0
  let failed = 0
  const today = deps.today()
  for (const { id: userId } of await deps.accounts.list()) {
    const user = await deps.accounts.findById(userId)
    if (!user || user.role === 0) continue
    for (const r of await dueReminders(deps.store, userId, today, deps.leadDays)) {
      const t = r.transaction
      const claimed = await claim(deps, userId, r)
      if (claimed === null) continue
      const key = signAcceptKey(deps.secret, {
        userId,
        transactionId: t.id,
        expiresAt: deps.now().getTime() + ACCEPT_KEY_TTL_MS,
      })
      const link = `${deps.publicUrl}/accept?key=${encodeURIComponent(key)}`
      try {
        await deps.deliver(user, r, link)
      } catch (err) {
        failed++
        deps.log?.error({ err, userId, transactionId: t.id }, 'reminder e-mail failed; retried on the next tick')
        await deps.store.counters.reset(claimed)
        continue
      }
      const result = await executeBooks(
        deps.store,
        userId,
        { type: 'RecordReminderSent', id: t.id, at: deps.now().toISOString(), userId },
        { actor: 'system' },
      )
      if (isDomainError(result))
        deps.log?.error({ userId, transactionId: t.id }, `reminder not recorded: ${result.code}`)
      else sent++
    }
  }
  if (sent > 0 || failed > 0) deps.log?.info({ sent, failed }, 'reminders')
  return { sent, failed }
}
