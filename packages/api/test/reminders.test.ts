import { describe, expect, it } from 'vitest'
import { createMailer } from '../src/mail/mailer.ts'
import { signAcceptKey } from '@finance/books'
import { bodies } from './fixtures.ts'
import { call, captureMailer, type Harness, harness, smtpSink, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

type Tx = { id: number; date: string; dataObject: { name: string; dueDate: string | null } }

/** A user whose March has an expense due in two days (2026-03-12) with the notification switched on. */
async function withDueReminder(hh: Harness) {
  const t = await hh.user('a@example.com')
  await call(hh.app, t, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, name: 'Rent', date: '2026-03-12' },
  })
  await call(hh.app, t, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, name: 'Later', date: '2026-03-25' },
  })
  const rows = (await call(hh.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json() as Tx[]
  const rent = rows.find((r) => r.dataObject.name === 'Rent')!
  const later = rows.find((r) => r.dataObject.name === 'Later')!
  for (const r of [rent, later]) await call(hh.app, t, 'PUT', `/api/transaction/${r.id}`, { notification: true })
  return { t, rent, later }
}

const linkIn = (text: string) => new URL(/http\S+accept\?key=\S+/.exec(text)![0])

/** A mailer that takes its time, so two instances are sending at the same moment. */
function slowMailer(ms: number) {
  const mailer = captureMailer()
  const send = mailer.send.bind(mailer)
  mailer.send = async (message) => {
    await new Promise((r) => setTimeout(r, ms))
    return send(message)
  }
  return mailer
}

describe('reminders on several instances', () => {
  it('two instances on one store send each due reminder exactly once', async () => {
    h = await harness({ mailer: slowMailer(30) })
    const { later } = await withDueReminder(h)
    const other = await harness({ store: h.store, mailer: slowMailer(30) })
    h.mailer.sent.length = 0 // the welcome e-mail
    try {
      const runs = await Promise.all([h.app.runReminders(), other.app.runReminders(), h.app.runReminders()])
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1)
      expect([...h.mailer.sent, ...other.mailer.sent].map((m) => m.subject.includes('Rent'))).toEqual([true])
      // Later ticks on both send nothing more; 13 days on, the later one goes out once too.
      await Promise.all([h.app.runReminders(), other.app.runReminders()])
      for (const x of [h, other]) x.clock.now = new Date('2026-03-23T08:00:00.000Z')
      await Promise.all([h.app.runReminders(), other.app.runReminders(), other.app.runReminders()])
      const all = [...h.mailer.sent, ...other.mailer.sent]
      expect(all).toHaveLength(2)
      expect(all[1]!.subject).toContain(String(later.dataObject.name))
    } finally {
      await other.close()
    }
  })

  it('a claim left by an instance that died before sending is taken over when it expires', async () => {
    h = await harness()
    const { rent } = await withDueReminder(h)
    const user = (await h.app.finance.accounts.findByEmail('a@example.com'))!
    // Another instance claimed the reminder and died before sending it.
    await h.store.counters.increment(`reminder:${user.id}:${rent.id}:open`, 30 * 60_000, h.clock.now.getTime())
    expect(await h.app.runReminders()).toEqual({ sent: 0, failed: 0 })
    h.clock.now = new Date(h.clock.now.getTime() + 31 * 60_000)
    expect(await h.app.runReminders()).toEqual({ sent: 1, failed: 0 })
  })
})

describe('reminders', () => {
  it('mails transactions due within the lead time once, even across a restart, and retries failed sends', async () => {
    h = await harness()
    const { t, rent } = await withDueReminder(h)
    h.mailer.failing = true
    expect(await h.app.runReminders()).toEqual({ sent: 0, failed: 1 })
    h.mailer.failing = false
    h.mailer.sent.length = 0
    expect(await h.app.runReminders()).toEqual({ sent: 1, failed: 0 })
    expect(h.mailer.sent).toHaveLength(1)
    const mail = h.mailer.sent[0]!
    expect(mail.to).toBe('a@example.com')
    expect(mail.subject).toContain('Rent')
    expect(mail.text).toContain('12 marca 2026')
    expect(linkIn(mail.text).origin + linkIn(mail.text).pathname).toBe('http://localhost:3000/accept')
    const flags = (await call(h.app, t, 'GET', `/api/transaction/GetById/${rent.id}`)).json()
    expect(flags.notificationCompleted).toBe(true)
    expect(await h.app.runReminders()).toEqual({ sent: 0, failed: 0 })
    // Restart on the same store: the ReminderSent event is the record.
    const store = h.store
    await h.app.close()
    const again = await harness({ store })
    try {
      expect(await again.app.runReminders()).toEqual({ sent: 0, failed: 0 })
      // The later one falls into the lead time 13 days on.
      again.clock.now = new Date('2026-03-23T08:00:00.000Z')
      expect(await again.app.runReminders()).toEqual({ sent: 1, failed: 0 })
    } finally {
      await again.close()
    }
  })

  it('accept links complete the transaction once, in the user language, and refuse bad keys', async () => {
    h = await harness()
    const { t, rent, later } = await withDueReminder(h)
    await h.app.runReminders()
    const reminder = h.mailer.sent.find((m) => m.subject.includes('Rent'))!
    const key = linkIn(reminder.text).searchParams.get('key')!
    const accept = (url: string) => h.app.inject({ method: 'GET', url })
    const ok = await accept(`/api/transaction/Accept?key=${encodeURIComponent(key)}`)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toBe('Transakcja oznaczona jako zrealizowana.')
    expect((await call(h.app, t, 'GET', `/api/transaction/GetById/${rent.id}`)).json().completed).toBe(true)
    const twice = await accept(`/api/transaction/Accept/${rent.id}?key=${encodeURIComponent(key)}`)
    expect(twice.json().message).toBe('Transakcja była już oznaczona jako zrealizowana.')
    // The key is bound to its transaction, its purpose and its signature.
    const other = await accept(`/api/transaction/Accept/${later.id}?key=${encodeURIComponent(key)}`)
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe('Link jest nieprawidłowy lub wygasł.')
    // Another first character of the signature (its last characters carry padding bits a decoder may ignore).
    const tampered = key.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`)
    expect((await accept(`/api/transaction/Accept?key=${tampered}`)).statusCode).toBe(400)
    const english = await h.app.inject({
      method: 'GET',
      url: '/api/transaction/Accept?key=nope',
      headers: { 'accept-language': 'en-GB' },
    })
    expect(english.json().message).toBe('The link is invalid or has expired.')
    const expired = signAcceptKey(h.config.secrets.jwtSecret, {
      userId: 'x',
      transactionId: later.id,
      expiresAt: h.clock.now.getTime() - 1,
    })
    expect((await accept(`/api/transaction/Accept?key=${expired}`)).statusCode).toBe(400)
    expect((await call(h.app, t, 'GET', `/api/transaction/GetById/${later.id}`)).json().completed).toBe(false)
  })
})

it('the in-process job sends due reminders on its interval, once', async () => {
  h = await harness({ config: { reminderIntervalMs: 40 } })
  await withDueReminder(h)
  const reminders = () => h.mailer.sent.filter((m) => m.subject.includes('Rent'))
  for (let i = 0; i < 100 && reminders().length === 0; i++) await new Promise((r) => setTimeout(r, 20))
  expect(reminders()).toHaveLength(1)
  await new Promise((r) => setTimeout(r, 200))
  expect(reminders()).toHaveLength(1)
})

describe('SMTP', () => {
  it('sends the reset e-mail through a real SMTP server when SMTP_URL is set', async () => {
    const { port, received, close } = await smtpSink()
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent' })
    try {
      h = await harness({ mailer: Object.assign(mailer, { sent: [], failing: false }) })
      await h.user('m@example.com')
      const res = await call(h.app, null, 'POST', '/api/account/resetPassword', {
        email: 'm@example.com',
        url: 'http://localhost:3000/user/resetpasswordconfirmed',
        language: 'pl',
      })
      expect(res.json()).toEqual({ success: true, errors: [] })
      const unfolded = received.map((m) => m.replace(/=\r?\n/g, ''))
      const reset = unfolded.find((m) => m.includes('resetpasswordconfirmed'))
      expect(reset).toBeDefined()
      expect(reset).toContain('To: m@example.com')
      expect(reset).toMatch(/Subject: =\?UTF-8\?Q\?Finance=3A_resetowanie_has|Subject: Finance: resetowanie has/)
      expect(reset).toMatch(/code=3D[\w-]{20,}/)
    } finally {
      await h?.close()
      mailer.close()
      await close()
    }
  })
})

it('the outbox mailer writes .eml files when no SMTP server is configured', async () => {
  const { mkdtempSync, readdirSync, readFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'finance-outbox-'))
  const mailer = createMailer({ outboxDir: join(dir, 'outbox') })
  const sent = await mailer.send({ to: 'x@example.com', subject: 'Hello', text: 'Body http://x/accept?key=1' })
  expect(sent.file).toMatch(/\.eml$/)
  expect(readdirSync(join(dir, 'outbox'))).toHaveLength(1)
  expect(readFileSync(sent.file!, 'utf8')).toContain('Subject: Hello')
  void captureMailer
})
