/**
 * Input and output files the system refuses, and JSON that is not JSON: every command says so in the run's language,
 * naming the file (and for JSON the line and column), exit code 1, nothing written — never Node's or the parser's
 * English text.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setKsefToken } from '@finance/books'
import { afterAll, describe, expect, it } from 'vitest'
import { ANNA, run, seedUser } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-input-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const folder = join(dir, 'folder')
mkdirSync(folder)
const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

/** Commands that read a file, with the file's place in their arguments. */
const readers = (f: string): string[][] => [
  ['import', f],
  ['restore', f],
  ['backup', 'verify', f],
  ['setup', f, '--user', ANNA],
  ['import', 'ksef', f, '--user', ANNA],
  ['import', 'bank', f, '--user', ANNA],
  ['rates', 'import', f, '--user', ANNA],
  ['whitelist', 'import', f, '--user', ANNA],
  ['jpk', 'validate', f],
  ['jpk', 'validate', file('v.xml', '<a/>'), '--xsd', f],
  ['ksef', 'certificate', '--cert', f, '--key', f, '--user', ANNA],
]

describe('input files the system refuses', () => {
  it('a directory given for a file: named, in Polish and English, exit 1, nothing written', async () => {
    const { store } = await seedUser()
    const head = await store.headPosition()
    const env = { FINANCE_JWT_SECRET: 'x'.repeat(32) }
    for (const argv of readers(folder)) {
      const pl = await run(argv, { store, env })
      expect(pl.stderr, argv.join(' ')).toBe(`błąd: nie można odczytać ${folder}: to katalog, a nie plik\n`)
      expect(pl.code, argv.join(' ')).toBe(1)
      const en = await run([...argv, '--lang', 'en'], { store, env })
      expect(en.stderr, argv.join(' ')).toBe(`error: cannot read ${folder}: it is a directory, not a file\n`)
      expect(en.code).toBe(1)
    }
    expect(await store.headPosition()).toBe(head)
  })

  it('a missing file: named, in Polish and English', async () => {
    const { store } = await seedUser()
    const missing = join(dir, 'missing.json')
    for (const argv of readers(missing)) {
      const pl = await run(argv, { store, env: { FINANCE_JWT_SECRET: 'x'.repeat(32) } })
      expect(pl.stderr, argv.join(' ')).toBe(`błąd: nie można odczytać ${missing}: nie ma takiego pliku\n`)
      expect(pl.code).toBe(1)
    }
    const en = await run(['setup', missing, '--user', ANNA, '--lang', 'en'], { store })
    expect(en.stderr).toBe(`error: cannot read ${missing}: no such file\n`)
  })

  it('an output file that is a directory or in a missing directory: named, in Polish and English', async () => {
    const { store } = await seedUser()
    const pl = await run(['export', '--format', 'json', '--out', folder], { store })
    expect(pl.stderr).toBe(`błąd: nie można zapisać ${folder}: to katalog, a nie plik\n`)
    expect(pl.code).toBe(1)
    const nowhere = join(dir, 'no-such-directory', 'books.csv')
    const en = await run(['books', '2026', '--user', ANNA, '--format', 'csv', '--out', nowhere, '--lang', 'en'], {
      store,
    })
    expect(en.stderr).toBe(`error: cannot write ${nowhere}: no such directory\n`)
    expect(en.code).toBe(1)
  })
})

describe('the data directory', () => {
  it('a --data that names a file is said, not passed on as the system text', async () => {
    const notes = file('notes.txt', 'x')
    const r = await run([
      '--data',
      notes,
      'users',
      'add',
      'boss@example.com',
      '--role',
      'ADMIN',
      '--password',
      'Boss-Pass1',
    ])
    expect(r.stderr).toBe(`błąd: nie można otworzyć magazynu danych: ${notes}: istnieje i nie jest katalogiem\n`)
    expect(r.code).toBe(1)
    // A store that is not configured right, or a server that does not answer: said in the run's language.
    const kind = await run(['users', 'list'], { env: { FINANCE_STORE: 'bogus' } })
    expect(kind.stderr).toBe(
      'błąd: nie można otworzyć magazynu danych: FINANCE_STORE=bogus nie jest rodzajem magazynu; wybierz jeden z: sqlite, postgres, kurrentdb, memory (domyślnie sqlite)\n',
    )
    const url = await run(['users', 'list'], { env: { FINANCE_STORE: 'postgres' } })
    expect(url.stderr).toContain('FINANCE_STORE=postgres wymaga zmiennej DATABASE_URL')
    const down = await run(['users', 'list'], {
      env: { FINANCE_STORE: 'postgres', DATABASE_URL: 'postgres://u:secret@127.0.0.1:1/db' },
    })
    expect(down.stderr).toBe(
      'błąd: nie można otworzyć magazynu danych: serwer bazy danych nie odpowiada (postgres postgres://u:***@127.0.0.1:1/db schema finance)\n',
    )
    expect(down.code).toBe(1)
    // The same for a command that only opens a store.
    const list = await run(['--data', notes, 'users', 'list', '--lang', 'en'])
    expect(list.stderr).toBe(`error: cannot open the event store: ${notes}: exists and is not a directory\n`)
    expect(list.code).toBe(1)
  })
})

describe('JSON that is not JSON', () => {
  it('a truncated set-up file: the file, line and column, nothing written', async () => {
    const { store } = await seedUser()
    const head = await store.headPosition()
    const truncated = file('setup.json', '{\n  "company": {\n    "nip": "5260250274",\n')
    const pl = await run(['setup', truncated, '--user', ANNA], { store })
    expect(pl.stderr).toBe(
      `błąd: ${truncated}: to nie jest poprawny JSON (wiersz 4, kolumna 1: tekst urywa się przedwcześnie); nic nie zapisano\n`,
    )
    expect(pl.code).toBe(1)
    const en = await run(['setup', truncated, '--user', ANNA, '--lang', 'en'], { store })
    expect(en.stderr).toBe(
      `error: ${truncated}: not valid JSON (line 4, column 1: the text ends too early); nothing was written\n`,
    )
    expect(await store.headPosition()).toBe(head)
  })

  it('a truncated line of an import: the line and column, not the parser text', async () => {
    const { store } = await seedUser()
    const truncated = file('events.jsonl', '{"streamId":"books-1","revision":')
    const pl = await run(['import', truncated], { store })
    expect(pl.stderr).toBe('błąd: wiersz 1: to nie jest poprawny JSON (kolumna 34: tekst urywa się przedwcześnie)\n')
    expect(pl.code).toBe(1)
    const en = await run(['import', truncated, '--lang', 'en'], { store })
    expect(en.stderr).toBe('error: line 1: not valid JSON (column 34: the text ends too early)\n')
    const stray = file('stray.jsonl', '{"streamId": x}')
    expect((await run(['import', stray], { store })).stderr).toBe(
      'błąd: wiersz 1: to nie jest poprawny JSON (kolumna 14: nieoczekiwany znak "x")\n',
    )
  })

  it("the server's secrets.json that is not JSON is named, not taken for a missing key", async () => {
    const { store, userId } = await seedUser()
    // A KSeF token is stored: fetching opens it, so the server's key is read.
    await setKsefToken({ store, serverSecret: 'x'.repeat(32), now: () => new Date() }, userId, {
      token: 'test-token-0123456789',
    })
    const data = join(dir, 'data')
    mkdirSync(data)
    const secrets = file('data/secrets.json', '{"jwtSecret": "abc"')
    const r = await run(['--data', data, 'ksef', 'fetch', '--user', ANNA], { store })
    expect(r.stderr).toBe(
      `błąd: ${secrets}: to nie jest poprawny JSON (wiersz 1, kolumna 20: tekst urywa się przedwcześnie)\n`,
    )
    expect(r.code).toBe(1)
  })
})
