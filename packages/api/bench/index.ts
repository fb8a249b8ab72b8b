/**
 * API benchmark (`npm run bench -- api`): a user with 10 years of history (≈ 200 items, a social-security change
 * every month, yearly VAT and PIT settings) seeded through the books glue into a SQLite file, then autocannon
 * (10 connections, 5 s each) against 127.0.0.1 for `getCurrentMonth` and `getSummaryList`, beside a Fastify
 * hello-world measured in the same run. Prints req/s, p99 and the ratios to hello-world.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStore } from '@finance/event-store/sqlite.ts'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { createAccounts } from '../src/accounts/service.ts'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { executeBooks } from '../src/ledger/books.ts'
import { localDateInPoland } from '../src/plugins/services.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers })
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  console.log(
    `${label.padEnd(18)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(3)} ms`,
  )
  return r
}

const pad = (n: number) => String(n).padStart(2, '0')

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'finance-bench-'))
  const store = createSqliteStore({ file: join(dir, 'bench.sqlite') })
  const accounts = createAccounts(store, { hashCost: 4 })
  const user = await accounts.register({ email: 'bench@example.com', password: 'Bench#Pass1', role: 'USER' })
  if (!user.ok) throw new Error(user.errors.join(' '))
  const userId = user.value.id
  const today = localDateInPoland(new Date())
  const thisYear = Number(today.slice(0, 4))
  const firstYear = thisYear - 9
  let n = 0
  const exec = async (command: Record<string, unknown>) => {
    const r = await executeBooks(store, userId, { ...command, at: new Date().toISOString(), userId } as never)
    if ('code' in r) throw new Error(`${String(command.type)}: ${r.message}`)
    n++
  }
  const started = performance.now()
  for (let y = firstYear; y <= thisYear; y++) {
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
      const date = `${y}-${pad(m)}-01`
      await exec({
        type: 'AddSetting',
        kind: 'SocialSecurity',
        data: { date, amount: `${1400 + m}.${pad(y % 100)}`, percent: '9' },
      })
      // Two one-time items a month (≈ 240 over 10 years) and a recurring one every half year.
      const item = (name: string, day: number, amount: string, company: boolean) => ({
        date: `${y}-${pad(m)}-${pad(day)}`,
        name,
        amount,
        isCompany: company,
        percent: company ? '23' : '0',
        invoiceDate: null,
      })
      await exec({
        type: 'AddItem',
        dataType: 'Income',
        data: item(`Invoice ${m}/${y}`, 10, `${9000 + m * 13}.50`, true),
      })
      await exec({
        type: 'AddItem',
        dataType: 'Expense',
        data: item(`Costs ${m}/${y}`, 15, `${800 + m * 7}.25`, m % 3 !== 0),
      })
      if (m === 1 || m === 7) {
        await exec({
          type: 'AddItem',
          dataType: 'RecurringExpense',
          data: { ...item(`Lease ${m}/${y}`, 20, '1200.00', true), repetitions: 6 },
        })
      }
    }
  }
  console.log(`seeded ${n} commands (10 years) in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const app = await buildApp({ store, config: testConfig({ dataDir: dir, webRoot: join(dir, 'no-web') }), accounts })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const hello = Fastify()
  hello.get('/', async () => ({ hello: 'world' }))
  await hello.listen({ port: 0, host: '127.0.0.1' })
  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port
  const base = `http://127.0.0.1:${port(app)}/api`
  try {
    const login = await fetch(`${base}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'Bench#Pass1' }),
    })
    const { token } = (await login.json()) as { token: string }
    const headers = { authorization: `Bearer ${token}` }
    // First view generates and records the month; the benchmark measures the steady state after it.
    const warm = await fetch(`${base}/transaction/getCurrentMonth/${today}`, { headers })
    const rows = (await warm.json()) as unknown[]
    console.log(`current month ${today.slice(0, 7)}: ${rows.length} transactions`)
    const h = await measure('hello-world', `http://127.0.0.1:${port(hello)}/`)
    const month = await measure('getCurrentMonth', `${base}/transaction/getCurrentMonth/${today}`, headers)
    const summary = await measure('getSummaryList', `${base}/transaction/getSummaryList/${today}/true`, headers)
    const ratio = (r: typeof h) => (r.requests.average / h.requests.average).toFixed(2)
    console.log(
      `ratios to hello-world: getCurrentMonth ${ratio(month)}, getSummaryList ${ratio(summary)} (aim ≥ 0.33; p99 aim < 20 ms)`,
    )
  } finally {
    await hello.close()
    await app.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
