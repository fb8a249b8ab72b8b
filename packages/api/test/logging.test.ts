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
        url: `${path}?year=2026&${name}=${secret}&b=2`,
        headers: { authorization: `Bearer ${token}` },
      })
  }
  await app.close()
  const log = lines.join('')
  expect(log).toContain('%6bey=[redacted]')
  expect(log).toContain('?year=2026&')
  expect(log).not.toContain('SECRET')
  expect(log).not.toContain(key)
})

it('keeps no query value but the harmless ones, under any name, spelling or encoding', async () => {
  const { app, lines } = await appWithLog()
  const token = (await app.inject({ method: 'POST', url: '/api/account/login', payload: ADMIN })).json().token
  const secret = (i: number) => `S3CR3T${i}q`
  // A value of a harmless name that has not its shape (a year is four digits) is redacted too.
  const queries = [
    // Names nobody listed, in any case and encoding.
    `token=${secret(1)}&code=${secret(2)}`,
    `t0ken=${secret(3)}&session_id=${secret(4)}&X-Auth=${secret(5)}`,
    `%73%69%67=${secret(6)}&s%69g=${secret(7)}&SIG=${secret(8)}`,
    // Repeated keys, arrays and objects, `;` as a separator, a value smuggled after an allowed name.
    `year=2026&year=${secret(9)}&x=${secret(10)}&x=${secret(11)}`,
    `ids[]=${secret(12)}&ids[0]=${secret(13)}&a[b]=${secret(14)}`,
    `year=2026;token=${secret(15)}`,
    `month=1%26token%3D${secret(16)}&lang=pl%20${secret(17)}`,
    // A secret as a bare name, a value without a name, an undecodable name, a `+` in the value, a fragment.
    `${secret(18)}&=${secret(19)}&%zz=${secret(20)}&page=1+${secret(21)}&year=2026#${secret(22)}`,
    // A secret in an allowed name's value that is too long to be a period or a page.
    `page=${secret(23)}aaaaaaaaaaaaaaaaaaaaaaaaaa`,
  ]
  for (const query of queries)
    for (const path of ['/api/log/GetPage/5/1/true', '/api/nope', '/api/fee/GetById/%zz'])
      await app.inject({ method: 'GET', url: `${path}?${query}`, headers: { authorization: `Bearer ${token}` } })
  await app.close()
  const log = lines.join('')
  expect(log).not.toContain('S3CR3T')
  // The harmless values and the path stay, so the log still says what was asked.
  expect(log).toContain('/api/log/GetPage/5/1/true?year=2026&year=[redacted]&x=[redacted]&x=[redacted]')
  expect(log).toContain('?year=2026;token=[redacted]')
  expect(log).toContain('/api/fee/GetById/%zz?token=[redacted]&code=[redacted]')
  expect(log).toContain('%73%69%67=[redacted]')
  expect(log).toContain('ids[]=[redacted]&ids[0]=[redacted]&a[b]=[redacted]')
  expect(log).toContain('?[redacted]&[redacted]=[redacted]&[redacted]=[redacted]&page=[redacted]&year=2026')
})
