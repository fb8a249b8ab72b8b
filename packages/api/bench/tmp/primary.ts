import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { createAccounts } from '@finance/books'
import { buildApp } from '../../src/app.ts'
import { testConfig } from '../../src/config.ts'
import { seedBooks } from '../work.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-p-'))
const store = createSqliteStore({ file: join(dir, 'w.sqlite') })
const accounts = createAccounts(store, { hashCost: 4 })
const user = await accounts.register({ email: 'b@example.com', password: 'Books#Pass1', role: 'USER' })
if (!user.ok) throw new Error()
const config = testConfig({ dataDir: dir, webRoot: join(dir, 'no-web'), clientRateLimit: 1_000_000 })
const app = await buildApp({ store, config, accounts, mailer: { kind: 'outbox', send: async () => ({ messageId: 'x' }), close() {} } })
await seedBooks(store, user.value.id, 2025)
const token = app.issueToken(user.value)!.token
const headers = { authorization: `Bearer ${token}` }
const urls = process.argv.slice(2)
for (const url of urls) {
  for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url, headers })
  const t = performance.now()
  const N = 2000
  let status = 0
  for (let i = 0; i < N; i++) status = (await app.inject({ method: 'GET', url, headers })).statusCode
  console.log(url, status, ((performance.now() - t) / N).toFixed(3), 'ms')
}
await app.close()
await store.close()
