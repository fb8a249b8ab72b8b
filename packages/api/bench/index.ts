/**
 * API benchmark (`npm run bench -- api`): a user with 10 years of history (≈ 200 items, a social-security change
 * every month, yearly VAT and PIT settings) seeded through the books glue into a SQLite file (bench/server.ts, a
 * separate process), then autocannon (10 connections) against 127.0.0.1 for `getCurrentMonth` and
 * `getSummaryList`, beside a Fastify hello-world served by the same process. The three targets are measured in
 * interleaved rounds so that load drift on the machine hits them alike; the median round is reported.
 * `BENCH_SECONDS` (default 5) is the total time per target.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = 3

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

export async function run(): Promise<void> {
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
