import { Writable } from 'node:stream'
import { createMemoryStore } from '@finance/event-store'
import { expect, it } from 'vitest'
import { createAccounts } from '@finance/books'
import { buildApp, loggerOptions } from '../src/app.ts'
import { ensureAdmin } from '../src/bootstrap.ts'
import { testConfig } from '../src/config.ts'
import { ADMIN, captureMailer } from './helpers.ts'

/** The app with `main`'s logger options, writing its log lines into `lines`. */
async function appWithLog() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const store = createMemoryStore()
  const accounts = createAccounts(store, { hashCost: 4 })
  await ensureAdmin(accounts, ADMIN)
  const config = testConfig()
  const app = await buildApp({
    store,
    config,
    accounts,
    mailer: captureMailer(),
    logger: { ...(loggerOptions('debug') as object), stream },
  })
  return { app, config, lines }
}

it('never writes passwords, tokens, keys or codes to the log', async () => {
  const { app, config, lines } = await appWithLog()
  const login = await app.inject({ method: 'POST', url: '/api/account/login', payload: ADMIN })
  const token = login.json().token as string
  app.log.info({ password: ADMIN.password, token, key: config.secrets.apiKey }, 'a careless log line')
  await app.inject({
    method: 'GET',
    url: `/api/log/GetPage/5/1/true?key=${config.secrets.apiKey}`,
    headers: { authorization: `Bearer ${token}`, 'x-api-key': config.secrets.apiKey },
  })
  await app.inject({ method: 'GET', url: '/api/transaction/Accept?key=some.signedvalue' })
  await app.close()
  const log = lines.join('')
  expect(log).toContain('a careless log line')
  expect(log).toContain('/api/log/GetPage/5/1/true?key=[redacted]')
  for (const secret of [ADMIN.password, token, config.secrets.apiKey, 'some.signedvalue'])
    expect(log).not.toContain(secret)
})

it('redacts secret query values whatever the spelling of their name, also on framework errors', async () => {
  const { app, config, lines } = await appWithLog()
  const token = (await app.inject({ method: 'POST', url: '/api/account/login', payload: ADMIN })).json().token
  const key = config.secrets.apiKey
  const spellings = ['%6bey', 'KEY', 'k%65y', '%4B%45%59', 'Key', 'token', 'to%6Ben', 'code', '%63ode', 'email']
  for (const [i, name] of spellings.entries()) {
    const secret = `SECRET${i}x${key}`
    // A route that answers, an unknown route, a bad percent-encoding and an over-long parameter.
    for (const path of [
      '/api/log/GetPage/5/1/true',
      '/api/nope',
      '/api/fee/GetById/%zz',
      `/api/fee/GetById/${'9'.repeat(3000)}`,
    ])
      await app.inject({
        method: 'GET',
        url: `${path}?a=1&${name}=${secret}&b=2`,
        headers: { authorization: `Bearer ${token}` },
      })
  }
  await app.close()
  const log = lines.join('')
  expect(log).toContain('%6bey=[redacted]')
  expect(log).toContain('a=1')
  expect(log).not.toContain('SECRET')
  expect(log).not.toContain(key)
})
