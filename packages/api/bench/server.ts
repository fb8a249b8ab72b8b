/**
 * The benchmark's server process: seeds a user with 10 years of books into a SQLite file — 50 items a month (48
 * one-time incomes and expenses, 2 recurring expenses of a year), a social-security change every month, VAT and PIT
 * settings every year: about 6 000 items and 140 settings — then starts the API and a Fastify hello-world on
 * 127.0.0.1 and reports `{ api, hello, token, today, seeded }` as one JSON line on stdout. It exits when its stdin
 * closes. Run by `bench/index.ts` so that the load generator does not share an event loop with the servers.
 *
 * The events are decided by the core (as the API would) and appended in batches, which seeds in seconds. The server
 * also reports on stderr how long it took to answer the month reads that follow writes (without the HTTP client).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Json } from '@finance/event-store'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { dateInPoland, type LedgerCommand } from '@finance/ledger-core/light'
import { decide, foldBooks, initialBooks, isDomainError, type LedgerEvent, serializeEvent } from '@finance/ledger-core'
import Fastify from 'fastify'
import { batchCounters, booksStream, createAccounts, rowJsonCounter } from '@finance/books'
import { buildApp } from '../src/app.ts'
import { testConfig } from '../src/config.ts'

const pad = (n: number) => String(n).padStart(2, '0')

const dir = mkdtempSync(join(tmpdir(), 'finance-bench-'))
// As the server runs it (`openStoreFromEnv`): appends on the writer thread; `BENCH_SQLITE_WRITER=main` for the reference.
const store = createSqliteStore({
  file: join(dir, 'bench.sqlite'),
  writer: process.env.BENCH_SQLITE_WRITER === 'main' ? 'main' : 'thread',
})
const accounts = createAccounts(store, { hashCost: 4 })
const user = await accounts.register({ email: 'bench@example.com', password: 'Bench#Pass1', role: 'USER' })
if (!user.ok) throw new Error(user.errors.join(' '))
const userId = user.value.id
const today = dateInPoland(new Date())
const thisYear = Number(today.slice(0, 4))

let state = initialBooks
const events: LedgerEvent[] = []
let items = 0
let settings = 0
const exec = (command: Record<string, unknown>) => {
  const r = decide({ ...command, at: new Date().toISOString(), userId } as LedgerCommand, state)
  if (isDomainError(r)) throw new Error(`${String(command.type)}: ${r.message}`)
  state = foldBooks(r, state)
  events.push(...r)
  if (command.type === 'AddItem') items++
  else settings++
}

const started = performance.now()
for (let y = thisYear - 9; y <= thisYear; y++) {
  exec({ type: 'AddSetting', kind: 'Vat', data: { date: `${y}-01-01`, percent: '23', paymentInterval: 1 } })
  exec({
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
    exec({
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
    // 50 items a month: 24 invoices, 24 costs (one in four private), 2 recurring costs of a year.
    for (let k = 1; k <= 24; k++) {
      exec({ type: 'AddItem', dataType: 'Income', data: item(`Invoice ${k}/${m}/${y}`, k, `${900 + k * 13}.50`, true) })
      exec({
        type: 'AddItem',
        dataType: 'Expense',
        data: item(`Cost ${k}/${m}/${y}`, k + 2, `${80 + k * 7}.25`, k % 4 !== 0),
      })
    }
    for (const name of ['Lease', 'Software'])
      exec({
        type: 'AddItem',
        dataType: 'RecurringExpense',
        data: { ...item(`${name} ${m}/${y}`, 27, name === 'Lease' ? '1200.00' : '99.00', true), repetitions: 12 },
      })
  }
}
const stream = booksStream(userId)
for (let i = 0; i < events.length; i += 1000) {
  const batch = events.slice(i, i + 1000).map((e) => ({
    ...serializeEvent(e),
    data: serializeEvent(e).data as Json,
    metadata: { userId, correlationId: 'bench-seed', createdAt: new Date().toISOString() },
  }))
  await store.append(stream, batch, i === 0 ? 'no_stream' : BigInt(i - 1))
}
const seedSeconds = (performance.now() - started) / 1000

const app = await buildApp({ store, config: testConfig({ dataDir: dir, webRoot: join(dir, 'no-web') }), accounts })
// Server-side time of each month read that follows a write (the cache miss), summed up per 15 on stderr, beside the
// client's wall time that bench/index.ts prints.
let afterWrite = false
let times: number[] = []
app.addHook('onResponse', async (request, reply) => {
  if (request.method !== 'GET') afterWrite = true
  else if (afterWrite && request.url.includes('/getCurrentMonth/')) {
    afterWrite = false
    times.push(reply.elapsedTime)
    if (times.length === 15) {
      const sorted = [...times].sort((a, b) => a - b)
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(1)
      process.stderr.write(`  (server side: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms)\n`)
      times = []
    }
  }
})
await app.listen({ port: 0, host: '127.0.0.1' })
const hello = Fastify()
hello.get('/', async () => ({ hello: 'world' }))
await hello.listen({ port: 0, host: '127.0.0.1' })
const portOf = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port
const token = app.issueToken(user.value)!.token

process.stdout.write(
  `${JSON.stringify({
    api: portOf(app),
    hello: portOf(hello),
    token,
    today,
    seeded: { events: events.length, items, settings, seedSeconds },
  })}\n`,
)
// A line `cpu` on stdin answers the process's CPU time so far (ms, user + system) and the write path's counters
// (appends, commands they carried) as one JSON line: the client
// measures the server's CPU per request, which holds however loaded the machine is.
// `profile <file>` starts a CPU profile of this process and `profile end` writes it there (then answers `{}`):
// bench/index.ts profiles one part of a run (`BENCH_CPU_PROF`).
const inspector = new Session()
let profileFile = ''
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('profile ')) {
    const arg = line.slice('profile '.length).trim()
    if (arg !== 'end') {
      profileFile = arg
      inspector.connect()
      inspector.post('Profiler.enable', () => inspector.post('Profiler.start', () => process.stdout.write('{}\n')))
    } else
      inspector.post('Profiler.stop', (err, { profile }) => {
        if (!err) writeFileSync(profileFile, JSON.stringify(profile))
        inspector.disconnect()
        process.stdout.write('{}\n')
      })
    return
  }
  if (line.trim() !== 'cpu') return
  const used = process.cpuUsage()
  const counters = { ...batchCounters, rowsSerialised: rowJsonCounter.serialised }
  process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, ...counters })}\n`)
})
process.stdin.on('end', async () => {
  await hello.close()
  await app.close()
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
})
