/**
 * The soak (`npm run bench -- soak`, never in CI): two API processes (`npm start`'s entry) on one PostgreSQL database
 * on 127.0.0.1, and 50 users each running a loop of mixed reads and writes against them in turn for a bounded time.
 * Reported: requests and errors by kind, latency percentiles (p50, p95, p99, max), and each server's resident memory
 * sampled through the run (after warm-up, at the end, the highest) — the soak fails on any error and on memory that
 * keeps growing (more than half again from the end of warm-up to the end).
 *
 *   DATABASE_URL   the PostgreSQL server (required; a schema of its own is created and dropped)
 *   SOAK_SECONDS   how long the load runs (default 600)
 *   SOAK_USERS     how many users (default 50)
 *   SOAK_THINK_MS  each user's pause between two requests (default 200; 0 is a closed loop that saturates the CPU)
 *   SOAK_ITEMS     items each user keeps (default 30): older ones are deleted, so the books stay the same size and
 *                  growing memory means a leak rather than more data
 */
import { readFileSync } from 'node:fs'
import { createAccounts } from '@finance/books'
import { createPostgresStore } from '@finance/event-store/postgres'
import { dateInPoland } from '@finance/ledger-core/light'
import { postgresInstances } from '../test/postgresInstances.ts'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const USERS = Number(process.env.SOAK_USERS ?? 50)
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 200)
/** Items each user keeps: older ones are deleted as new ones come (`SOAK_ITEMS`). */
const ITEMS = Number(process.env.SOAK_ITEMS ?? 30)
const PASSWORD = 'Soak#Pass1'

/** Resident memory of a process in MiB (Linux), or NaN. */
const rssMiB = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? Number.NaN : Number(kb) / 1024
  } catch {
    return Number.NaN
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.log('soak: set DATABASE_URL to a PostgreSQL server (a schema of its own is created and dropped)')
    return
  }
  const instances = postgresInstances(url, 'soak')
  const store = await createPostgresStore({ connectionString: url, schema: instances.schema })
  const accounts = createAccounts(store, { hashCost: 4 })
  const emails = Array.from({ length: USERS }, (_, i) => `soak${i}@example.com`)
  for (const email of emails) {
    const r = await accounts.register({ email, password: PASSWORD, role: 'USER', language: 'en' })
    if (!r.ok) throw new Error(r.errors.join(' '))
  }
  await store.close()

  const start = (name: string) =>
    instances.start(name, {
      FINANCE_JWT_SECRET: 'soak-jwt-secret-0123456789abcdef',
      FINANCE_REGISTRATION_KEY: 'soak',
      FINANCE_API_KEY: 'soak',
      // Every user logs in from 127.0.0.1: the per-client limit is for attackers, not for this.
      FINANCE_CLIENT_RATE_LIMIT: '100000',
      FINANCE_LOGIN_RATE_LIMIT: '100000',
      FINANCE_TOKEN_MINUTES: String(Math.max(20, Math.ceil(SECONDS / 60) + 5)),
      FINANCE_REMINDER_INTERVAL_MS: '0',
    })

  const errors: string[] = []
  const latencies = new Map<string, number[]>()
  const memory: { at: number; rss: number[] }[] = []
  try {
    const servers = [await start('a'), await start('b')]
    const call = async (
      base: string,
      kind: string,
      method: string,
      path: string,
      token: string,
      body?: unknown,
      ifMatch?: number,
    ) => {
      const t = performance.now()
      const res = await fetch(`${base}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const text = await res.text()
      const ms = performance.now() - t
      if (!latencies.has(kind)) latencies.set(kind, [])
      latencies.get(kind)!.push(ms)
      if (!res.ok) errors.push(`${kind} ${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
      return text === '' ? null : JSON.parse(text)
    }
    const tokens: string[] = []
    for (const [i, email] of emails.entries()) {
      const res = await fetch(`${servers[i % 2]!.base}/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`)
      tokens.push(((await res.json()) as { token: string }).token)
    }

    const today = dateInPoland(new Date())
    const month = today.slice(0, 7)
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()
    const started = performance.now()
    const deadline = started + SECONDS * 1000
    const sampler = setInterval(() => {
      memory.push({ at: (performance.now() - started) / 1000, rss: servers.map((s) => rssMiB(s.pid)) })
    }, 5_000)
    sampler.unref()

    const userLoop = async (u: number) => {
      const token = tokens[u]!
      let n = 0
      // The user's items, oldest first: past ITEMS the oldest is deleted, so each user's books stay the same size and
      // memory that keeps growing is a leak, not more data.
      const items: { area: string; id: number; version: number }[] = []
      const keep = async (base: string, area: string, record: { id?: number; version?: number } | null) => {
        if (record?.id === undefined) return
        items.push({ area, id: record.id, version: record.version ?? 1 })
        if (items.length <= ITEMS) return
        const old = items.shift()!
        await call(base, 'write: delete', 'DELETE', `${old.area}/${old.id}`, token, undefined, old.version)
      }
      // Settings once, so the month has VAT, PIT and social-security rows to read and flag.
      const base0 = servers[u % 2]!.base
      await call(base0, 'write: setting', 'POST', 'fee', token, {
        dataType: 'Vat',
        dataObject: { date: `${month}-01`, percent: '23', paymentInterval: 1 },
      })
      while (performance.now() < deadline) {
        const base = servers[(u + n) % 2]!.base
        const step = n % 10
        if (step === 0 || step === 5) {
          const record = await call(base, 'write: income', 'POST', 'revenue', token, {
            dataType: 'Income',
            dataObject: {
              date: today,
              name: `Invoice ${n}/${u}`,
              amount: `${1000 + (n % 97)}.${String(n % 100).padStart(2, '0')}`,
              isCompany: true,
              percent: '23',
              invoiceDate: today,
            },
          })
          await keep(base, 'revenue', record)
        } else if (step === 3) {
          const record = await call(base, 'write: expense', 'POST', 'fee', token, {
            dataType: 'Expense',
            dataObject: {
              date: today,
              name: `Cost ${n}`,
              amount: '123.45',
              isCompany: true,
              percent: '23',
              invoiceDate: today,
            },
          })
          await keep(base, 'fee', record)
        } else if (step === 7) {
          const rows = (await call(
            base,
            'read: month',
            'GET',
            `transaction/GetListByDates/${month}-01/${month}-${lastDay}`,
            token,
          )) as { id: string; completed?: boolean }[] | null
          const row = rows?.[n % Math.max(1, rows.length)]
          if (row) await call(base, 'write: flag', 'PUT', `transaction/${row.id}`, token, { completed: !row.completed })
        } else if (step % 2 === 0) {
          await call(base, 'read: month', 'GET', `transaction/GetListByDates/${month}-01/${month}-${lastDay}`, token)
        } else {
          await call(base, 'read: summary', 'GET', `transaction/getSummary/${today}`, token)
        }
        n++
        if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS))
      }
    }
    await Promise.all(tokens.map((_, u) => userLoop(u)))
    clearInterval(sampler)
    memory.push({ at: (performance.now() - started) / 1000, rss: servers.map((s) => rssMiB(s.pid)) })
    const elapsed = (performance.now() - started) / 1000

    // Report.
    const all = [...latencies.values()].flat().sort((a, b) => a - b)
    console.log(
      `soak: ${USERS} users (${THINK_MS} ms between requests), 2 instances on PostgreSQL, ${elapsed.toFixed(0)} s: ${all.length} requests ` +
        `(${(all.length / elapsed).toFixed(0)}/s), ${errors.length} errors`,
    )
    const row = (kind: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b)
      const f = (p: number) => percentile(s, p).toFixed(1).padStart(7)
      console.log(
        `  ${kind.padEnd(16)} ${String(s.length).padStart(7)}  p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  max ${s[s.length - 1]?.toFixed(1).padStart(7)} ms`,
      )
    }
    for (const [kind, xs] of [...latencies.entries()].sort()) row(kind, xs)
    row('all', all)
    const warm = memory.find((m) => m.at >= Math.min(60, SECONDS / 5)) ?? memory[0]
    const end = memory[memory.length - 1]
    const growth: number[] = []
    for (const i of [0, 1]) {
      const series = memory.map((m) => m.rss[i]!).filter(Number.isFinite)
      const w = warm?.rss[i] ?? Number.NaN
      const e = end?.rss[i] ?? Number.NaN
      growth.push(e / w)
      console.log(
        `  memory ${i === 0 ? 'a' : 'b'}: ${w.toFixed(0)} MiB after warm-up (${warm?.at.toFixed(0)} s), ` +
          `${e.toFixed(0)} MiB at the end, highest ${Math.max(...series).toFixed(0)} MiB (${series.length} samples)`,
      )
    }
    for (const e of errors.slice(0, 10)) console.log(`  error: ${e}`)
    if (errors.length > 0) process.exitCode = 1
    if (growth.some((g) => g > 1.5)) {
      console.log('  memory grew by more than half after warm-up')
      process.exitCode = 1
    }
  } finally {
    await instances.stop()
    await instances.drop()
  }
}
