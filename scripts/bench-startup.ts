/**
 * `npm run bench -- startup`: how long a user waits for the programs to start, as child processes of the project's
 * Node, beside a bare `node -e 0` measured in the same run (the floor no program can beat):
 *   - `finance --help` (aim < 150 ms),
 *   - `finance report month` on a small store (the CLI tests' scenario in a SQLite file; aim < 300 ms),
 *   - the server until it prints that it listens, on that store (aim < 1 s), with its peak RSS.
 * Each is run BENCH_STARTUP_RUNS times (default 9) after one warm-up run and judged on the median, with Node's compile
 * cache as the programs use it (in a private directory), and once more each without it (NODE_DISABLE_COMPILE_CACHE).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 9)
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => `${Math.round(x)} ms`

type Env = Record<string, string | undefined>

/** Wall time of one child process run to its end, ms. */
const timeRun = (args: readonly string[], env: Env): number => {
  const started = performance.now()
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' })
  const took = performance.now() - started
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return took
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/** Starts the server, resolves when it says it listens: wall ms and peak RSS (MB, from /proc); then stops it. */
const timeServer = async (env: Env): Promise<{ ms: number; rssMb: number | null }> => {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['packages/api/bin/server.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const took = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d
      if (out.includes('Finance is running')) resolve(performance.now() - started)
    })
    child.stderr.on('data', (d: Buffer) => {
      out += d
    })
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)))
  })
  let rssMb: number | null = null
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]
    rssMb = kb === undefined ? null : Number(kb) / 1024
  } catch {
    // no /proc here
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
  return { ms: took, rssMb }
}

const series = async (measure: () => number | Promise<number>): Promise<number> => {
  await measure()
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await measure())
  return median(runs)
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'finance-startup-'))
  try {
    const data = join(dir, 'data')
    const cache = join(dir, 'compile-cache')
    // The small store: the CLI tests' scenario (two users, a year of items, two generated months).
    const seed = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { createSqliteStore } = await import('@finance/event-store/sqlite')
         const { seedScenario } = await import('./packages/cli/test/scenario.ts')
         const store = createSqliteStore({ file: ${JSON.stringify(join(data, 'finance.sqlite'))} })
         await seedScenario(store)
         await store.close()`,
      ],
      { cwd: root, encoding: 'utf8' },
    )
    if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`)
    const base: Env = {
      ...process.env,
      FINANCE_STORE: 'sqlite',
      FINANCE_DATA_DIR: data,
      NO_COLOR: '1',
      NODE_COMPILE_CACHE: cache,
      NODE_DISABLE_COMPILE_CACHE: undefined,
    }
    const cold: Env = { ...base, NODE_DISABLE_COMPILE_CACHE: '1' }
    const bin = 'packages/cli/bin/finance.mjs'
    const report = [bin, 'report', 'month', '2026-02', '--user', 'anna@example.com']
    // The first server start on a new store creates its administrator (a password hash); time the later starts.
    await timeServer({ ...base, FINANCE_ADMIN_EMAIL: 'admin@example.org', FINANCE_ADMIN_PASSWORD: 'Bench-Admin1!' })

    const floor = await series(() => timeRun(['-e', '0'], base))
    const help = await series(() => timeRun([bin, '--help'], base))
    const month = await series(() => timeRun(report, base))
    const servers: { ms: number; rssMb: number | null }[] = []
    await timeServer(base)
    for (let i = 0; i < RUNS; i++) servers.push(await timeServer(base))
    const server = median(servers.map((s) => s.ms))
    const rss = servers.map((s) => s.rssMb).filter((x): x is number => x !== null)
    const helpCold = median([0, 1, 2].map(() => timeRun([bin, '--help'], cold)))
    const monthCold = median([0, 1, 2].map(() => timeRun(report, cold)))
    const serverCold: number[] = []
    for (let i = 0; i < 3; i++) serverCold.push((await timeServer(cold)).ms)

    console.log(`Node ${process.version}; median of ${RUNS} runs after a warm-up, compile cache on (off: median of 3)`)
    console.log(`node -e 0 (the floor)            ${ms(floor).padStart(8)}`)
    const line = (label: string, value: number, off: number, aim: number) =>
      console.log(
        `${label.padEnd(32)} ${ms(value).padStart(8)}  (${(value / floor).toFixed(1)}× the floor; ` +
          `${ms(off)} without the cache)  aim < ${ms(aim)}: ${value < aim ? 'met' : 'not met'}`,
      )
    line('finance --help', help, helpCold, 150)
    line('finance report month (small)', month, monthCold, 300)
    line('server listening', server, median(serverCold), 1000)
    if (rss.length > 0) console.log(`server peak RSS at listening      ${median(rss).toFixed(0)} MB`)
    const uptime = spawnSync('uptime', { encoding: 'utf8' }).stdout?.trim()
    if (uptime) console.log(`machine: ${uptime.replace(/^.*load/, 'load')}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run()
