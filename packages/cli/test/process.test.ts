/** A few real child-process runs of bin/finance.mjs: exit codes, --help, errors on stderr. */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../bin/finance.mjs', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'finance-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs bin/finance.mjs asynchronously, so the tests of this file can run concurrently. */
const finance = (...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, FINANCE_STORE: 'sqlite', FINANCE_DATA_DIR: dataDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

describe.concurrent('finance as a process', { timeout: 60_000 }, () => {
  it('prints help with exit 0', async () => {
    const r = await finance('--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Usage: finance')
    for (const c of ['report', 'reset', 'replay', 'diff', 'export', 'import', 'users']) expect(r.stdout).toContain(c)
  })

  it('has --help on a nested command', async () => {
    const r = await finance('report', 'month', '--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Usage: finance report month')
    expect(r.stdout).toContain('--user <email>')
  })

  it('exits 2 on a usage error, with the message on stderr', async () => {
    const r = await finance('report', 'month', '2026-13', '--user', 'a@example.com')
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain("argument 'month'")
  })

  it('exits 2 on a missing required option, saying so in the chosen language', async () => {
    const r = await finance('report', 'month', '2026-03', '--lang', 'en')
    expect(r.code).toBe(2)
    expect(r.stderr).toBe("error: required option '-u, --user <email>' not specified\n(run with --help for usage)\n")
    const pl = await finance('report', 'month', '2026-03')
    expect(pl.code).toBe(2)
    expect(pl.stderr).toBe("błąd: brak wymaganej opcji '-u, --user <email>'\n(pomoc: --help)\n")
  })

  it('prints its version', async () => {
    const r = await finance('--version')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`)
  })

  it('read-only commands on a missing store fail naming the path and create nothing', async () => {
    const missing = join(dataDir, 'typo')
    for (const argv of [
      ['report', 'month', '2026-03', '--user', 'a@example.com'],
      ['users', 'list'],
      ['replay'],
      ['export', '--format', 'json'],
    ]) {
      const r = await finance('--data', missing, '--lang', 'en', ...argv)
      expect(r.code).toBe(1)
      expect(r.stderr).toBe(
        `error: no Finance store at ${join(missing, 'finance.sqlite')}; give the data directory with --data DIR or ` +
          'FINANCE_DATA_DIR (nothing was created)\n',
      )
      expect(existsSync(missing)).toBe(false)
    }
  })

  it('a failed import leaves no store behind', async () => {
    const target = join(dataDir, 'restored')
    const file = join(dataDir, 'broken.jsonl')
    writeFileSync(file, '{"streamId":\n')
    const r = await finance('--data', target, 'import', file)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^błąd: wiersz 1: to nie jest poprawny JSON/)
    expect(existsSync(target)).toBe(false)
  })

  it('works end to end on a SQLite file chosen with --data', async () => {
    const data = join(dataDir, 'chosen')
    const added = await finance(
      '--data',
      data,
      'users',
      'add',
      'ops@example.com',
      '--role',
      'ADMIN',
      '--password',
      'Op3rator!',
    )
    expect(added.stderr).toBe(`utworzono nowy magazyn danych: ${join(data, 'finance.sqlite')}\n`)
    expect(added.code).toBe(0)
    const list = await finance('users', 'list', '--json', '--data', data)
    expect(list.code).toBe(0)
    expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual(['ops@example.com'])
    const refused = await finance('--data', data, 'reset', 'month', '2026-01', '--user', 'ops@example.com')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('dodaj --yes')
  }, 120_000)

  it('exits 1 on a user error (unknown user), with a clear message on stderr', async () => {
    const data = join(dataDir, 'one-user')
    const added = await finance('--data', data, 'users', 'add', 'one@example.com', '--role', 'USER', '-p', 'On3-user!')
    expect(added.stderr).toBe(`utworzono nowy magazyn danych: ${join(data, 'finance.sqlite')}\n`)
    const r = await finance(
      '--data',
      data,
      'report',
      'month',
      '2026-03',
      '--user',
      'nobody@example.com',
      '--lang',
      'en',
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('error: no user nobody@example.com (see `finance users list`)\n')
    expect(r.stdout).toBe('')
  })
})
