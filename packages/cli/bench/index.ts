/**
 * `npm run bench -- cli`: `finance replay` over 1,000,000 events generated deterministically into a temporary
 * SQLite file, in-process and as a child process (wall time, events/s, peak RSS), beside `hledger balance -M` over
 * the same history exported as a journal (installed with apt-get when missing and possible), as a ratio measured
 * in the same run. Aim: replay of 1M events from SQLite in < 3 s and < 1 GB (judged on the child process, which folds
 * on several threads as `finance replay` does by default), within 1.5× of the floor's reading time (`floor.mjs`) and
 * 40× faster than hledger. The bench's log has each user's events together (as the generator, an import or a restore
 * writes them); the same events interleaved, a live log's order, are replayed beside it.
 *
 * Environment: BENCH_EVENTS (default 1000000), BENCH_USERS (default 1000), BENCH_NO_APT=1 to never install,
 * BENCH_NO_HLEDGER=1 to skip the journal export and the hledger comparison.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { runCli } from '../src/cli.ts'
import { generateHistory } from './generate.ts'

const bin = fileURLToPath(new URL('../bin/finance.mjs', import.meta.url))
const floorScript = fileURLToPath(new URL('./floor.mjs', import.meta.url))
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`
/** The middle run of several by `by` (one run on a shared 2-core machine varies by a second or more). */
const median = <T>(runs: readonly T[], by: (run: T) => number): T =>
  [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)]!

interface Timed {
  readonly seconds: number
  readonly maxRssKb: number | null
  /** User + system CPU seconds of the child (from /usr/bin/time), null without it. */
  readonly cpuSeconds: number | null
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs a command under `/usr/bin/time -v` when present, for the peak RSS of the child. */
const timed = (cmd: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Timed => {
  const gnuTime = existsSync('/usr/bin/time')
  const started = performance.now()
  const r = gnuTime
    ? spawnSync('/usr/bin/time', ['-v', cmd, ...args], { encoding: 'utf8', env, maxBuffer: 1 << 26 })
    : spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 1 << 26 })
  const seconds = (performance.now() - started) / 1000
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? '')
  const user = /User time \(seconds\): ([\d.]+)/.exec(r.stderr ?? '')
  const system = /System time \(seconds\): ([\d.]+)/.exec(r.stderr ?? '')
  return {
    seconds,
    maxRssKb: rss ? Number(rss[1]) : null,
    cpuSeconds: user && system ? Number(user[1]) + Number(system[1]) : null,
    status: r.status,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
  }
}

/**
 * One run of the floor: `processes` readers side by side over equal position ranges of (0, events], with the young
 * generation `finance` itself runs with (bin/finance.mjs).
 */
const floorRun = async (file: string, events: number, processes: number, keep: boolean) => {
  const started = performance.now()
  const readers = Array.from({ length: processes }, (_, i) => {
    const from = Math.floor((events * i) / processes)
    const to = Math.floor((events * (i + 1)) / processes)
    return new Promise<{ rows: number; seconds: number; cpuSeconds: number }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--max-semi-space-size=64', floorScript, file, String(from), String(to), ...(keep ? ['keep'] : [])],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d))
      child.on('error', reject)
      child.on('close', (code) =>
        code === 0
          ? resolve(JSON.parse(out) as { rows: number; seconds: number; cpuSeconds: number })
          : reject(new Error(`floor reader exited ${code}`)),
      )
    })
  })
  const done = await Promise.all(readers)
  if (done.reduce((n, r) => n + r.rows, 0) !== events) throw new Error('floor readers missed rows')
  return {
    wall: (performance.now() - started) / 1000,
    slowest: Math.max(...done.map((r) => r.seconds)),
    cpu: done.reduce((n, r) => n + r.cpuSeconds, 0),
  }
}

/** Median of three floor runs (by wall time). */
const floor = async (file: string, events: number, processes: number, keep = false) => {
  const runs = []
  for (let i = 0; i < 3; i++) runs.push(await floorRun(file, events, processes, keep))
  return median(runs, (r) => r.wall)
}

const hasHledger = () => spawnSync('hledger', ['--version'], { encoding: 'utf8' }).status === 0

const ensureHledger = (): boolean => {
  if (hasHledger()) return true
  if (process.env.BENCH_NO_APT === '1' || process.getuid?.() !== 0) {
    console.log('hledger: not installed and not allowed to install (needs root, BENCH_NO_APT unset)')
    return false
  }
  console.log('hledger: installing with apt-get …')
  const r = spawnSync('apt-get', ['install', '-y', 'hledger'], { encoding: 'utf8', stdio: 'ignore' })
  if (r.status !== 0 || !hasHledger()) {
    console.log('hledger: apt-get install failed; skipping the comparison')
    return false
  }
  return true
}

const capture = () => {
  let text = ''
  return { out: { write: (s: string) => (text += s) }, text: () => text }
}

/** `finance replay` of the store in `dir` as a child process (start-up included), three runs, each printed. */
const childReplays = (dir: string, label: string) => {
  const runs: { child: Timed; replaying: number; threads: number }[] = []
  for (let i = 0; i < 3; i++) {
    const child = timed(process.execPath, [bin, 'replay', '--data', dir, '--lang', 'en'], {
      ...process.env,
      NO_COLOR: '1',
    })
    if (child.status !== 0) throw new Error(`child replay failed: ${child.stderr}`)
    const replaying = Number(/in (\d+\.\d+) s/.exec(child.stdout)?.[1] ?? Number.NaN)
    const threads = Number(/(\d+) threads\)/.exec(child.stdout)?.[1] ?? '1')
    console.log(
      `${label}finance replay (child process ${i + 1}/3, ${threads} thread${threads === 1 ? '' : 's'}): ` +
        `${child.seconds.toFixed(2)} s wall including start-up` +
        `${child.cpuSeconds === null ? '' : ` (${child.cpuSeconds.toFixed(2)} s CPU)`}` +
        `, ${replaying.toFixed(2)} s replaying; peak RSS ${child.maxRssKb === null ? 'n/a' : mb(child.maxRssKb)}`,
    )
    runs.push({ child, replaying, threads })
  }
  return runs
}

/**
 * A copy of the bench's log in `to` with every user's n-th event together (round by round, users in id order), where
 * the generator writes each user's events in one run: the order of a live log at its worst for a replay stream by
 * stream, whose reads then jump across the whole file. Same events, revisions and data; positions renumbered.
 */
const interleavedCopy = async (from: string, to: string) => {
  await createSqliteStore({ file: to }).close()
  const db = new DatabaseSync(to)
  db.exec(`ATTACH DATABASE '${from.replaceAll("'", "''")}' AS source`)
  db.exec(
    'INSERT INTO events (stream_id, revision, event_id, type, schema_version, data, metadata) ' +
      'SELECT stream_id, revision, event_id, type, schema_version, data, metadata FROM source.events ' +
      'ORDER BY revision, stream_id',
  )
  db.exec('DETACH DATABASE source')
  db.close()
}

export async function run(): Promise<void> {
  const total = Number(process.env.BENCH_EVENTS ?? 1_000_000)
  const users = Number(process.env.BENCH_USERS ?? 1000)
  const dir = mkdtempSync(join(tmpdir(), 'finance-cli-bench-'))
  const file = join(dir, 'finance.sqlite')
  try {
    // 1. Generate.
    let t = performance.now()
    const store = createSqliteStore({ file })
    const written = await generateHistory(store, { users, eventsPerUser: Math.floor(total / users) })
    const genSeconds = (performance.now() - t) / 1000
    console.log(
      `generated ${fmt(written)} events for ${fmt(users)} users into SQLite in ${genSeconds.toFixed(1)} s ` +
        `(${fmt(written / genSeconds)} events/s, ${(statSync(file).size / 2 ** 20).toFixed(0)} MB)`,
    )

    // 2. Replay in-process on one thread (the store is handed in, so no worker can open it; modules loaded
    // beforehand): the single-thread reference for the child below.
    await import('../src/commands/replay.ts')
    const rssBefore = process.resourceUsage().maxRSS
    const o = capture()
    t = performance.now()
    const code = await runCli(['replay', '--json'], { store, stdout: o.out, stderr: o.out, isTTY: false })
    const inProcess = (performance.now() - t) / 1000
    if (code !== 0) throw new Error(`replay failed: ${o.text()}`)
    const stats = JSON.parse(o.text()) as { events: number; seconds: number; cpuSeconds: number }
    const peak = process.resourceUsage().maxRSS
    console.log(
      `finance replay (in-process, 1 thread): ${fmt(stats.events)} events in ${inProcess.toFixed(2)} s = ` +
        `${fmt(stats.events / inProcess)} events/s; peak RSS of the bench process ${mb(peak)} ` +
        `(${mb(rssBefore)} before the replay); fold loop ${stats.seconds.toFixed(2)} s wall, ${stats.cpuSeconds.toFixed(2)} s CPU`,
    )
    // 3. Export the journal for hledger (in-process); BENCH_NO_HLEDGER=1 skips this and the comparison.
    const skipHledger = process.env.BENCH_NO_HLEDGER === '1'
    const journal = join(dir, 'books.journal')
    t = performance.now()
    const e = capture()
    const exported = skipHledger
      ? 0
      : await runCli(['export', '--format', 'ledger', '--out', journal], { store, stdout: e.out, stderr: e.out })
    if (exported !== 0) throw new Error(`export failed: ${e.text()}`)
    const journalSeconds = (performance.now() - t) / 1000
    const journalMb = skipHledger ? 0 : statSync(journal).size / 2 ** 20
    await store.close()

    // 4. Replay as a child process (start-up included), three times: one run on a shared 2-core machine varies by a
    // second or more, so the median is the figure judged and compared with hledger.
    const runs = childReplays(dir, '')
    const { child, replaying, threads } = median(runs, (r) => r.child.seconds)
    console.log(`  median: ${child.stdout.trim()}`)
    if (written >= 1_000_000) {
      const met = replaying < 3 && child.maxRssKb !== null && child.maxRssKb < 1024 * 1024
      console.log(
        `aim (1M events from SQLite in < 3 s replaying, < 1 GB), median run: ${met ? 'met' : 'not met'} ` +
          `(${child.seconds < 3 ? 'also' : 'not'} within 3 s including process start-up)`,
      )
    } else console.log('aim (< 3 s, < 1 GB) is stated for 1M events: not judged for this smaller run')
    // 5. The floor: what reading the same rows and parsing their JSON costs with the bare driver and no Finance code,
    // on one process and on as many side by side as the replay used threads. No replay of JSON events from SQLite
    // can be faster than its floor on the same machine.
    const one = await floor(file, written, 1)
    const many = threads > 1 ? await floor(file, written, threads) : one
    const kept = await floor(file, written, threads, true)
    console.log(
      `floor (node:sqlite rows + JSON.parse of each event's data, no Finance code, median of 3): ` +
        `1 process ${one.wall.toFixed(2)} s wall (${one.slowest.toFixed(2)} s reading)` +
        (threads > 1
          ? `; ${threads} processes side by side, each a 1/${threads} of the positions: ${many.wall.toFixed(2)} s wall ` +
            `(slowest ${many.slowest.toFixed(2)} s reading)`
          : ''),
    )
    console.log(
      `  the same on ${threads} process${threads > 1 ? 'es' : ''}, each also holding its parsed events in memory, as a fold in commit ` +
        `order holds every user's books: ${kept.wall.toFixed(2)} s wall (slowest ${kept.slowest.toFixed(2)} s reading)`,
    )
    console.log(
      `  finance replay (median) is ${(replaying / many.slowest).toFixed(2)}× the floor's reading time ` +
        `(${(child.seconds / many.wall).toFixed(2)}× as processes); 1 thread in-process is ` +
        `${(inProcess / one.slowest).toFixed(2)}× the 1-process floor`,
    )
    console.log(
      `  on CPU time (steadier than wall time on a busy machine): the in-process replay's fold loop ` +
        `${stats.cpuSeconds.toFixed(2)} s against the 1-process floor's ${one.cpu.toFixed(2)} s = ` +
        `${(stats.cpuSeconds / one.cpu).toFixed(2)}×`,
    )
    // 5b. The same events interleaved: a live log's order, at its worst for the replay's read stream by stream.
    const mixedDir = join(dir, 'interleaved')
    mkdirSync(mixedDir)
    const mixedFile = join(mixedDir, 'finance.sqlite')
    t = performance.now()
    await interleavedCopy(file, mixedFile)
    console.log(
      `the same events interleaved (every user's n-th event together), copied in ${((performance.now() - t) / 1000).toFixed(1)} s:`,
    )
    const mixed = median(childReplays(mixedDir, '  '), (r) => r.child.seconds)
    const mixedFloor = threads > 1 ? await floor(mixedFile, written, threads) : await floor(mixedFile, written, 1)
    console.log(
      `  finance replay (median) ${mixed.replaying.toFixed(2)} s replaying is ` +
        `${(mixed.replaying / mixedFloor.slowest).toFixed(2)}× the floor's reading time of this file ` +
        `(${mixedFloor.slowest.toFixed(2)} s)`,
    )
    rmSync(mixedDir, { recursive: true, force: true })
    const uptime = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim()
    if (uptime) console.log(`  machine: ${uptime.replace(/^.*load/, 'load')}`)
    if (skipHledger) {
      console.log('journal export and hledger: skipped (BENCH_NO_HLEDGER=1)')
      return
    }
    console.log(`journal export: ${journalMb.toFixed(0)} MB in ${journalSeconds.toFixed(1)} s`)

    // 6. hledger over the same history.
    if (!ensureHledger()) return
    const transactions = spawnSync('grep', ['-c', '^[0-9]', journal], { encoding: 'utf8' }).stdout.trim()
    console.log(`hledger -f books.journal balance -M (${fmt(Number(transactions))} journal transactions) …`)
    const h = timed('hledger', ['-f', journal, 'balance', '-M'])
    if (h.status !== 0) {
      console.log(`hledger failed (${h.status}): ${h.stderr.split('\n').slice(0, 3).join(' ')}`)
      return
    }
    console.log(
      `hledger balance -M: ${h.seconds.toFixed(1)} s wall` +
        `${h.cpuSeconds === null ? '' : ` (${h.cpuSeconds.toFixed(1)} s CPU)`}, peak RSS ${h.maxRssKb === null ? 'n/a' : mb(h.maxRssKb)}`,
    )
    if (h.cpuSeconds !== null && child.cpuSeconds !== null)
      console.log(
        `ratio on CPU time: ${(h.cpuSeconds / child.cpuSeconds).toFixed(1)}× (hledger / finance replay process)`,
      )
    console.log(
      `ratio: finance replay is ${(h.seconds / child.seconds).toFixed(1)}× faster than hledger as processes ` +
        `(${(h.seconds / inProcess).toFixed(1)}× against the in-process replay)`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
