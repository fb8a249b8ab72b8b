import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { run } from './helpers.ts'
import { seedScenario } from './scenario.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-backup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const digestOf = (stdout: string) => /(?:digest|skrót) ([0-9a-f]{64})/.exec(stdout)?.[1]

describe('finance backup and restore', () => {
  const source = join(dir, 'source')
  const target = join(dir, 'target')
  const file = join(dir, 'books.sqlite')

  it('backs up a SQLite store, records its digest, and restores it into an empty store with the same digest', {
    timeout: 60_000,
  }, async () => {
    const store = createSqliteStore({ file: join(source, 'finance.sqlite') })
    await seedScenario(store)
    await store.close()
    const replayed = await run(['replay', '--digest', '--lang', 'en'], { env: { FINANCE_DATA_DIR: source } })
    const digest = digestOf(replayed.stdout)
    expect(digest).toMatch(/^[0-9a-f]{64}$/)

    const backup = await run(['backup', '--out', file, '--lang', 'en'], { env: { FINANCE_DATA_DIR: source } })
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toMatch(/^backed up to .*books\.sqlite: [\d.]+ MiB, \d+ events, in [\d.]+ s$/m)
    expect(digestOf(backup.stdout)).toBe(digest)
    // The file's own checksum, in the form `sha256sum -c` reads.
    const sha = /file checksum ([0-9a-f]{64})/.exec(backup.stdout)?.[1]
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${sha}  books.sqlite\n`)

    // An earlier backup under the name is replaced; a directory or any other file is refused, and left as it was.
    expect((await run(['backup', '--out', file], { env: { FINANCE_DATA_DIR: source } })).code).toBe(0)
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'keep me')
    const taken = await run(['backup', '--out', notes, '--lang', 'en'], { env: { FINANCE_DATA_DIR: source } })
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('exists and is not a Finance backup: it is not overwritten')
    expect(readFileSync(notes, 'utf8')).toBe('keep me')
    // A SQLite file that is no backup (the store itself) is refused too.
    const live = join(source, 'finance.sqlite')
    const itself = await run(['backup', '--out', live, '--lang', 'en'], { env: { FINANCE_DATA_DIR: source } })
    expect(itself.code).toBe(1)
    expect(itself.stderr).toContain('exists and is not a Finance backup: it is not overwritten')
    const folder = await run(['backup', '--out', dir, '--lang', 'en'], { env: { FINANCE_DATA_DIR: source } })
    expect(folder.code).toBe(1)
    expect(folder.stderr).toContain("is a directory: give the backup's file name")
    // A file in a directory that does not exist is refused, and the directory is not made for it.
    const nowhere = join(dir, 'no-such-directory', 'books.sqlite')
    const missing = await run(['backup', '--out', nowhere], { env: { FINANCE_DATA_DIR: source } })
    expect(missing.stderr).toBe(`błąd: nie można zapisać ${nowhere}: nie ma takiego katalogu\n`)
    expect(missing.code).toBe(1)
    expect(existsSync(join(dir, 'no-such-directory'))).toBe(false)

    const verified = await run(['backup', 'verify', file])
    expect(verified.code).toBe(0)
    expect(verified.stdout).toContain('kopia poprawna')

    const restored = await run(['restore', file], { env: { FINANCE_DATA_DIR: target } })
    expect(restored.stderr).toContain('finance.sqlite')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain('skrót zgodny z zapisanym w kopii')
    const again = await run(['replay', '--digest', '--lang', 'en'], { env: { FINANCE_DATA_DIR: target } })
    expect(digestOf(again.stdout)).toBe(digest)
    // The secrets came back too: the restored users can log in (their password hashes are there).
    const restoredStore = createSqliteStore({ file: join(target, 'finance.sqlite'), create: false })
    const secrets = (await restoredStore.secrets.entries?.()) ?? []
    await restoredStore.close()
    expect(secrets.length).toBeGreaterThanOrEqual(2)
  })

  it('restores into an empty store only, and refuses a damaged or foreign file before writing', {
    timeout: 60_000,
  }, async () => {
    const notEmpty = await run(['restore', file, '--lang', 'en'], { env: { FINANCE_DATA_DIR: target } })
    expect(notEmpty.code).toBe(1)
    expect(notEmpty.stderr).toMatch(
      /the store is not empty \(\d+ events\); a backup is restored into an empty store only/,
    )

    // One event's amount changed inside the backup: its checksum no longer matches.
    const damaged = join(dir, 'damaged.sqlite')
    const { copyFileSync } = await import('node:fs')
    copyFileSync(file, damaged)
    const db = new DatabaseSync(damaged)
    db.exec(
      "UPDATE events SET data = replace(data, '23', '8') WHERE position = (SELECT max(position) FROM events WHERE data LIKE '%23%')",
    )
    db.close()
    const fresh = join(dir, 'fresh')
    const refused = await run(['restore', damaged], { env: { FINANCE_DATA_DIR: fresh } })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('zawartość kopii nie zgadza się z jej sumą kontrolną')
    // The store file the refused restore opened is gone again.
    expect(existsSync(join(fresh, 'finance.sqlite'))).toBe(false)

    const foreign = await run(['restore', join(source, 'finance.sqlite'), '--lang', 'en'], {
      env: { FINANCE_DATA_DIR: fresh },
    })
    expect(foreign.code).toBe(1)
    expect(foreign.stderr).toContain('is not a Finance backup')
  })

  it('checks the file before the store: a refused restore into a new data directory prints only the refusal', {
    timeout: 60_000,
  }, async () => {
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'not a backup\n')
    const damaged = join(dir, 'damaged.sqlite')
    for (const [input, refusal] of [
      [notes, `błąd: ${notes} nie jest kopią zapasową Finance`],
      [damaged, 'błąd: zawartość kopii nie zgadza się z jej sumą kontrolną'],
    ] as const) {
      const data = join(dir, `new-${input === notes ? 'notes' : 'damaged'}`, 'data')
      const r = await run(['restore', input], { env: { FINANCE_DATA_DIR: data } })
      expect(r.code, input).toBe(1)
      expect(r.stderr.startsWith(refusal), r.stderr).toBe(true)
      expect(r.stderr, input).not.toContain('utworzono nowy magazyn')
      expect(r.stdout, input).toBe('')
      // Neither the store nor the directory it would have made.
      expect(existsSync(join(dir, `new-${input === notes ? 'notes' : 'damaged'}`)), input).toBe(false)
    }
    const verify = await run(['backup', 'verify', damaged, '--lang', 'en'])
    expect(verify.code).toBe(1)
    expect(verify.stderr).toContain('the backup does not match its checksum')
  })
})
