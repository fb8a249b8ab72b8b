/**
 * The whole journey against a real SQLite file: bootstrap admin → register user → login → company data → settings
 * → items → month → flags → reminder mail → accept → logs; then the app is closed and rebuilt on the same file and
 * everything is still there.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { expect, it } from 'vitest'
import { createAccounts } from '@finance/books'
import { buildApp } from '../src/app.ts'
import { ensureAdmin } from '../src/bootstrap.ts'
import { testConfig } from '../src/config.ts'
import { bodies } from './fixtures.ts'
import { call, captureMailer } from './helpers.ts'

it('runs the whole journey on SQLite and survives a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'finance-journey-'))
  const file = join(dir, 'finance.sqlite')
  const config = testConfig({ dataDir: dir })
  const now = () => new Date('2026-03-10T09:00:00.000Z')
  const mailer = captureMailer()
  const start = async () => {
    const store = createSqliteStore({ file })
    const accounts = createAccounts(store, { hashCost: 4, now })
    const admin = await ensureAdmin(accounts, { email: undefined, password: undefined })
    const app = await buildApp({ store, config, accounts, mailer, now, closeStore: true })
    return { app, admin }
  }

  // 1. First start: the ADMIN is created with a generated password, printed once.
  const first = await start()
  let app = first.app
  expect(first.admin?.generatedPassword).toMatch(/.{20,}/)
  const login = async (email: string, password: string) => {
    const res = await call(app, null, 'POST', '/api/account/login', { email, password })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().token as string
  }
  const admin = await login(first.admin!.email, first.admin!.generatedPassword!)

  // 2. Register a user and log in.
  const reg = await call(app, admin, 'POST', '/api/account/register', {
    email: 'jan@example.com',
    password: 'Jan#Pass1',
    confirmPassword: 'Jan#Pass1',
    appRole: 'USER',
    key: config.secrets.registrationKey,
    url: 'http://localhost:3000/user/login',
    language: 'en',
  })
  expect(reg.json()).toEqual({ success: true, errors: [] })
  const jan = await login('jan@example.com', 'Jan#Pass1')

  // 3. Company data, settings and items.
  for (const type of ['Primary', 'Contact', 'Addresses', 'Invoice'] as const)
    expect((await call(app, jan, 'POST', '/api/config', { dataType: type, dataObject: bodies[type] })).statusCode).toBe(
      201,
    )
  for (const type of ['Vat', 'Pit', 'SocialSecurity', 'Expense', 'RecurringExpense'] as const)
    expect((await call(app, jan, 'POST', '/api/fee', { dataType: type, dataObject: bodies[type] })).statusCode).toBe(
      201,
    )
  for (const type of ['Income', 'RecurringIncome'] as const)
    expect(
      (await call(app, jan, 'POST', '/api/revenue', { dataType: type, dataObject: bodies[type] })).statusCode,
    ).toBe(201)
  await call(app, jan, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, name: 'Accountant', date: '2026-03-12' },
  })

  // 4. The month, and flags.
  const month = (await call(app, jan, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json() as {
    id: number
    dataObject: { name: string }
  }[]
  expect(month.length).toBeGreaterThan(3)
  const accountant = month.find((t) => t.dataObject.name === 'Accountant')!
  const revenue = month.find((t) => t.dataObject.name === 'Invoice 1/03')!
  expect((await call(app, jan, 'PUT', `/api/transaction/${revenue.id}`, { completed: true })).json().completed).toBe(
    true,
  )
  expect(
    (await call(app, jan, 'PUT', `/api/transaction/${accountant.id}`, { notification: true })).json().notification,
  ).toBe(true)

  // 5. The reminder mail (in English, the user's language) and its Accept link.
  expect(await app.runReminders()).toEqual({ sent: 1, failed: 0 })
  const reminder = mailer.sent.find((m) => m.subject.startsWith('Finance: payment reminder'))!
  expect(reminder.to).toBe('jan@example.com')
  const key = new URL(/http\S+accept\?key=\S+/.exec(reminder.text)![0]).searchParams.get('key')!
  const accepted = await call(app, null, 'GET', `/api/transaction/Accept?key=${encodeURIComponent(key)}`)
  expect(accepted.json().message).toBe('Transaction marked as completed.')

  // 6. Logs as ADMIN with the api key.
  const logs = await app.inject({
    method: 'GET',
    url: '/api/log/GetPage/100/1/true/jan@example.com',
    headers: { authorization: `Bearer ${admin}`, 'x-api-key': config.secrets.apiKey },
  })
  const types = (logs.json() as { eventType: string }[]).map((i) => i.eventType)
  expect(types).toEqual(
    expect.arrayContaining(['UserRegistered', 'ItemAdded', 'TransactionCompletedSet', 'TransactionAcceptedFromEmail']),
  )
  const sent = await app.inject({
    method: 'GET',
    url: `/api/log/GetPage/10/1/false/ReminderSent?key=${config.secrets.apiKey}`,
    headers: { authorization: `Bearer ${admin}` },
  })
  expect(sent.json()).toMatchObject([{ eventType: 'ReminderSent', userName: 'system', dataType: 'Transaction' }])
  const settings = (await call(app, jan, 'GET', '/api/home/GetSettingsData')).json()
  expect(settings).toMatchObject({ name: 'jan@example.com', dbName: 'sqlite: finance.sqlite' })
  expect(settings.sizeInKB).toBeGreaterThan(0)

  const snapshot = async (token: string) => ({
    month: (await call(app, token, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json(),
    summary: (await call(app, token, 'GET', '/api/transaction/getSummaryList/2026-03-10/true')).json(),
    primary: (await call(app, token, 'GET', '/api/config/GetByType/Primary')).json(),
    fees: (await call(app, token, 'GET', '/api/fee/GetListByType/Expense')).json(),
  })
  const before = await snapshot(jan)
  await app.close()

  // 7. Restart on the same file: no new admin, the same logins, the same books, no second reminder.
  const second = await start()
  app = second.app
  expect(second.admin).toBeNull()
  const jan2 = await login('jan@example.com', 'Jan#Pass1')
  expect(await snapshot(jan2)).toEqual(before)
  const after = before.month as { id: number; completed: boolean; notificationCompleted: boolean }[]
  expect(after.find((t) => t.id === accountant.id)).toMatchObject({ completed: true, notificationCompleted: true })
  expect(await app.runReminders()).toEqual({ sent: 0, failed: 0 })
  await app.close()
}, 60_000)
