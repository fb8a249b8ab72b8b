/**
 * API benchmark (`npm run bench -- api`), in two parts.
 *
 * Bounded work: on books of 10 years × 50 items a month (bench/work.ts), the CPU time of the costliest inputs beside
 * a normal request (the year's summary on books that just changed), as a ratio measured in the same run.
 *
 * Throughput: a user with 10 years of history (≈ 200 items, a social-security change
 * every month, yearly VAT and PIT settings) seeded through the books glue into a SQLite file (bench/server.ts, a
 * separate process), then autocannon (10 connections) against 127.0.0.1 for `getCurrentMonth` and
 * `getSummaryList`, beside a Fastify hello-world served by the same process. The three targets are measured in
 * interleaved rounds so that load drift on the machine hits them alike; the median round is reported.
 * `BENCH_SECONDS` (default 5) is the total time per target.
 *
 * First, the FA(3) import of 1 000 files (bench/ksef.ts).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { createSqliteStore } from '@finance/event-store/sqlite.ts'
import autocannon from 'autocannon'
import { createAccounts } from '../src/accounts/service.ts'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { dateInPoland } from '@finance/ledger-core/calendar.ts'
import { runKsef } from './ksef.ts'
import { BOOKS, measureWork, normalCase, seedBooks, worstCases } from './work.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = 3
const WORK_ROUNDS = Number(process.env.BENCH_WORK_ROUNDS ?? 7)

interface Figures {
  rps: number
  p99: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function once(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const r = await autocannon({ url, connections: 10, duration: seconds, headers })
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  return { rps: r.requests.average, p99: r.latency.p99 }
}

/** The bounded-work figures, in this process (CPU time is the process's). */
async function boundedWork(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'finance-bench-work-'))
  const store = createSqliteStore({ file: join(dir, 'work.sqlite') })
  const accounts = createAccounts(store, { hashCost: 4 })
  const admin = await accounts.register({ email: 'admin@example.com', password: 'Admin#Pass1', role: 'ADMIN' })
  const user = await accounts.register({ email: 'books@example.com', password: 'Books#Pass1', role: 'USER' })
  if (!admin.ok || !user.ok) throw new Error('cannot register the benchmark users')
  const config = testConfig({ dataDir: dir, webRoot: join(dir, 'no-web'), clientRateLimit: 1_000_000 })
  const mailer = { kind: 'outbox' as const, send: async () => ({ messageId: 'bench' }), close() {} }
  const app = await buildApp({ store, config, accounts, mailer })
  try {
    const today = dateInPoland(new Date())
    const events = await seedBooks(store, user.value.id, Number(today.slice(0, 4)) - 1)
    const token = app.issueToken(user.value)!.token
    const adminToken = app.issueToken(admin.value)!.token
    const normal = normalCase(today, token)
    const cases = worstCases(today, { user: token, admin: adminToken, apiKey: config.secrets.apiKey })
    await measureWork(app, token, normal, cases, 2)
    const figures = await measureWork(app, token, normal, cases, WORK_ROUNDS)
    console.log(
      `bounded work: ${BOOKS.years} years × ${BOOKS.itemsPerMonth} items a month (${events} events), median CPU of ${WORK_ROUNDS} rounds, each right after a write`,
    )
    console.log(`${normal.name.padEnd(34)} ${figures.normalMs.toFixed(1).padStart(7)} ms`)
    for (const c of figures.cases)
      console.log(`${c.name.padEnd(34)} ${c.ms.toFixed(1).padStart(7)} ms   ratio ${c.ratio.toFixed(2)}`)
    const worst = figures.cases.reduce((a, b) => (b.ratio > a.ratio ? b : a))
    console.log(
      `worst input: ${worst.name}, ratio ${worst.ratio.toFixed(2)} to a normal request (aim < 4, and < 50 ms)`,
    )
  } finally {
    await app.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function run(): Promise<void> {
  await runKsef()
  await boundedWork()
  const child = spawn(process.execPath, [fileURLToPath(new URL('./server.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  try {
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve)
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    })
    const info = JSON.parse(first) as {
      api: number
      hello: number
      token: string
      today: string
      seeded: { commands: number; items: number; settings: number; seedSeconds: number }
    }
    const s = info.seeded
    console.log(
      `seeded ${s.items} items and ${s.settings} settings over 10 years (${s.commands} commands) in ${s.seedSeconds.toFixed(1)} s`,
    )
    const auth = { authorization: `Bearer ${info.token}` }
    const api = `http://127.0.0.1:${info.api}/api`
    // The first view generates and records the month; the benchmark measures the steady state after it.
    const rows = (await (
      await fetch(`${api}/transaction/getCurrentMonth/${info.today}`, { headers: auth })
    ).json()) as unknown[]
    console.log(`current month ${info.today.slice(0, 7)}: ${rows.length} transactions`)
    const targets = [
      { name: 'hello-world', url: `http://127.0.0.1:${info.hello}/`, headers: {} },
      { name: 'getCurrentMonth', url: `${api}/transaction/getCurrentMonth/${info.today}`, headers: auth },
      { name: 'getSummaryList', url: `${api}/transaction/getSummaryList/${info.today}/true`, headers: auth },
    ]
    const results = new Map<string, Figures[]>(targets.map((t) => [t.name, []]))
    for (const t of targets) await once(t.url, t.headers, 1) // warm-up
    for (let round = 0; round < ROUNDS; round++)
      for (const t of targets) results.get(t.name)!.push(await once(t.url, t.headers, SECONDS / ROUNDS))
    const summary = new Map(
      [...results].map(([name, rs]) => [
        name,
        { rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)) },
      ]),
    )
    for (const [name, f] of summary)
      console.log(`${name.padEnd(16)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(3)} ms`)
    const base = summary.get('hello-world')!.rps
    const ratio = (name: string) => (summary.get(name)!.rps / base).toFixed(2)
    console.log(
      `ratio to hello-world: getCurrentMonth ${ratio('getCurrentMonth')}, getSummaryList ${ratio('getSummaryList')} (aim ≥ 0.33, p99 < 20 ms)`,
    )
  } finally {
    child.stdin!.end()
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run()
