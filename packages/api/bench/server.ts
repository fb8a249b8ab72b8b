/**
 * The benchmark's server process: seeds a user with 10 years of books into a SQLite file through the books glue,
 * starts the API and a Fastify hello-world on 127.0.0.1, and reports `{ api, hello, token, today, seeded }` as one
 * JSON line on stdout. It exits when its stdin closes. Run by `bench/index.ts` so that the load generator does not
 * share an event loop with the servers.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStore } from '@finance/event-store/sqlite.ts'
import { dateInPoland } from '@finance/ledger-core/calendar.ts'
import Fastify from 'fastify'
import { createAccounts } from '../src/accounts/service.ts'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { executeBooks } from '../src/ledger/books.ts'

const pad = (n: number) => String(n).padStart(2, '0')

const dir = mkdtempSync(join(tmpdir(), 'finance-bench-'))
const store = createSqliteStore({ file: join(dir, 'bench.sqlite') })
const accounts = createAccounts(store, { hashCost: 4 })
const user = await accounts.register({ email: 'bench@example.com', password: 'Bench#Pass1', role: 'USER' })
if (!user.ok) throw new Error(user.errors.join(' '))
const userId = user.value.id
const today = dateInPoland(new Date())
const thisYear = Number(today.slice(0, 4))
let commands = 0
let items = 0
let settings = 0
const exec = async (command: Record<string, unknown>) => {
  const r = await executeBooks(store, userId, { ...command, at: new Date().toISOString(), userId } as never)
  if ('code' in r) throw new Error(`${String(command.type)}: ${r.message}`)
  commands++
  if (command.type === 'AddItem') items++
  else settings++
}
const started = performance.now()
for (let y = thisYear - 9; y <= thisYear; y++) {
  await exec({ type: 'AddSetting', kind: 'Vat', data: { date: `${y}-01-01`, percent: '23', paymentInterval: 1 } })
  await exec({
    type: 'AddSetting',
    kind: 'Pit',
    data: {
      date: `${y}-01-01`,
      taxType: y % 2 === 0 ? 'Linear' : 'Scale',
      firstPercent: y % 2 === 0 ? '19' : '12',
      secondPercent: null,
      freeOfTaxAmount: null,
      secondPercentAmount: null,
      paymentInterval: 1,
      deductions: '0.00',
    },
  })
  for (let m = 1; m <= 12; m++) {
    // A social-security change every month.
    await exec({
      type: 'AddSetting',
      kind: 'SocialSecurity',
      data: { date: `${y}-${pad(m)}-01`, amount: `${1400 + m}.${pad(y % 100)}`, percent: '9' },
    })
    const item = (name: string, day: number, amount: string, company: boolean) => ({
      date: `${y}-${pad(m)}-${pad(day)}`,
      name,
      amount,
      isCompany: company,
      percent: company ? '23' : '0',
      invoiceDate: null,
    })
    // About 200 items over 10 years: an income every month, an expense every other month, a lease each half year.
    await exec({
      type: 'AddItem',
      dataType: 'Income',
      data: item(`Invoice ${m}/${y}`, 10, `${9000 + m * 13}.50`, true),
    })
    if (m % 2 === 0)
      await exec({
        type: 'AddItem',
        dataType: 'Expense',
        data: item(`Costs ${m}/${y}`, 15, `${800 + m * 7}.25`, m % 4 !== 0),
      })
    if (m === 1 || m === 7)
      await exec({
        type: 'AddItem',
        dataType: 'RecurringExpense',
        data: { ...item(`Lease ${m}/${y}`, 20, '1200.00', true), repetitions: 6 },
      })
  }
}
const seedSeconds = (performance.now() - started) / 1000

const app = await buildApp({ store, config: testConfig({ dataDir: dir, webRoot: join(dir, 'no-web') }), accounts })
await app.listen({ port: 0, host: '127.0.0.1' })
const hello = Fastify()
hello.get('/', async () => ({ hello: 'world' }))
await hello.listen({ port: 0, host: '127.0.0.1' })
const portOf = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port
const token = app.issueToken(user.value)!.token

process.stdout.write(
  `${JSON.stringify({ api: portOf(app), hello: portOf(hello), token, today, seeded: { commands, items, settings, seedSeconds } })}\n`,
)
process.stdin.resume()
process.stdin.on('end', async () => {
  await hello.close()
  await app.close()
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
})
