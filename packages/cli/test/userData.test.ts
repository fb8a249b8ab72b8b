import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createAccounts, ROLE_ADMIN, ROLE_USER } from '@finance/books'
import { storeDigest } from '@finance/books/backup'
import { createMemoryStore } from '@finance/event-store'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-user-data-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("a user's own data: finance export --format finance and finance import", () => {
  it('exports one user with a header and imports it into another installation with the same digest', {
    timeout: 60_000,
  }, async () => {
    const { store, annaId } = await seedScenario()
    const file = join(dir, 'anna.jsonl')
    const exported = await run(['export', '--format', 'finance', '--user', ANNA, '--out', file], { store })
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    const header = JSON.parse(lines[0]!)
    expect(header).toMatchObject({ format: 'finance-user-export', version: 1, user: { id: annaId, email: ANNA } })
    expect(header.upcasters.IncomeRecorded ?? header.upcasters[Object.keys(header.upcasters)[0]!]).toBeGreaterThan(0)
    expect(header.events).toBe(lines.length - 1)
    expect(header.digest).toBe((await storeDigest(store, { userIds: [annaId] })).digest)
    // Only Anna's streams, and no secret (no password hash) anywhere.
    const streams = new Set(lines.slice(1).map((l) => JSON.parse(l).streamId as string))
    expect([...streams].every((s) => s === `books-${annaId}` || s === `user-${annaId}` || s.startsWith('email-'))).toBe(
      true,
    )
    expect(readFileSync(file, 'utf8')).not.toMatch(/scrypt|\$s0\$|hash/i)

    // Another installation with its own administrator.
    const other = createMemoryStore()
    const admin = await createAccounts(other, { hashCost: 4 }).register({
      email: 'boss@example.com',
      password: 'Boss-Pass1',
      role: 'ADMIN',
    })
    expect(admin.ok).toBe(true)
    const imported = await run(['import', file, '--lang', 'en'], { store: other })
    expect(imported.stderr).toBe('')
    expect(imported.code).toBe(0)
    expect(imported.stdout).toContain(
      `imported the data of ${ANNA}: ${header.events} events; the books' digest matches`,
    )
    expect((await storeDigest(other, { userIds: [annaId] })).digest).toBe(header.digest)
    // Anna is a user there now; she sets a password to log in.
    expect((await createAccounts(other).findByEmail(ANNA))?.id).toBe(annaId)

    // Twice is refused, before writing anything.
    const head = await other.headPosition()
    const again = await run(['import', file, '--lang', 'en'], { store: other })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`the store already holds data of ${ANNA}`)
    expect(await other.headPosition()).toBe(head)
  })

  it('refuses an incomplete file, an event of another user, a newer format, and --format finance without a user', {
    timeout: 60_000,
  }, async () => {
    const { store } = await seedScenario()
    const file = join(dir, 'anna2.jsonl')
    await run(['export', '--format', 'finance', '--user', ANNA, '--out', file], { store })
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    const target = createMemoryStore()
    const attempt = async (content: string) => {
      const f = join(dir, 'attempt.jsonl')
      writeFileSync(f, content)
      return run(['import', f, '--lang', 'en'], { store: target })
    }
    const short = await attempt(`${lines.slice(0, -1).join('\n')}\n`)
    expect(short.code).toBe(1)
    expect(short.stderr).toMatch(/the header announces \d+ events and the file holds \d+; the file is incomplete/)

    const foreign = JSON.parse(lines.find((l) => l.includes('"streamId":"books-'))!)
    foreign.streamId = 'books-00000000-0000-4000-8000-000000000000'
    const withForeign = await attempt(`${lines[0]}\n${JSON.stringify(foreign)}\n`)
    expect(withForeign.code).toBe(1)
    expect(withForeign.stderr).toContain("which is not the header's user's")

    const newer = { ...JSON.parse(lines[0]!), version: 99 }
    const future = await attempt(`${JSON.stringify(newer)}\n${lines.slice(1).join('\n')}\n`)
    expect(future.code).toBe(1)
    expect(future.stderr).toContain('a newer Finance wrote this file (format 99)')
    expect(await target.headPosition()).toBe(0n)

    // A digest that does not match is found only after writing: the events written go again, and a second try with
    // the right file then works.
    const wrong = { ...JSON.parse(lines[0]!), digest: 'f'.repeat(64) }
    const mismatch = await attempt(`${JSON.stringify(wrong)}\n${lines.slice(1).join('\n')}\n`)
    expect(mismatch.code).toBe(1)
    expect(mismatch.stderr).toContain('than the file recorded; the imported events were removed')
    const annaId = JSON.parse(lines[0]!).user.id as string
    expect(await target.streamRevision(`books-${annaId}`)).toBeNull()
    expect(await target.streamRevision(`user-${annaId}`)).toBeNull()
    expect(await createAccounts(target).findByEmail(ANNA)).toBeNull()
    const right = await attempt(`${lines.join('\n')}\n`)
    expect(right.code).toBe(0)

    const noUser = await run(['export', '--format', 'finance', '--lang', 'en'], { store })
    expect(noUser.code).toBe(2)
    expect(noUser.stderr).toContain("--format finance exports one user's data: give --user")
  })
})

describe('a user who logged out', () => {
  it('exports and imports the ended sessions with the account, and refuses a malformed SessionEnded', async () => {
    const store = createMemoryStore()
    const accounts = createAccounts(store, { hashCost: 4 })
    const user = await accounts.register({ email: 'ola@example.com', password: 'Ola-Pass1', role: 'USER' })
    if (!user.ok) throw new Error(user.errors.join(' '))
    expect(await accounts.endSession(user.value.id, 'AAAAAAAAAAAAAAAAAAAAAA', new Date('2099-01-01T00:00:00Z'))).toBe(
      true,
    )
    const file = join(dir, 'ola.jsonl')
    expect(
      (await run(['export', '--format', 'finance', '--user', 'ola@example.com', '--out', file], { store })).code,
    ).toBe(0)
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('"type":"SessionEnded"')

    const target = createMemoryStore()
    const imported = await run(['import', file, '--lang', 'en'], { store: target })
    expect(imported.stderr).toBe('')
    expect(imported.code).toBe(0)
    const there = await createAccounts(target).findByEmail('ola@example.com')
    expect([...there!.endedSessions.keys()]).toEqual(['AAAAAAAAAAAAAAAAAAAAAA'])

    const broken = join(dir, 'ola-broken.jsonl')
    writeFileSync(broken, text.replace('"sessionId":"AAAAAAAAAAAAAAAAAAAAAA"', '"sessionId":""'))
    const refused = await run(['import', broken, '--lang', 'en'], { store: createMemoryStore() })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('data.sessionId must be a non-empty string')
  })
})

describe("the role of an imported user's account", () => {
  /** Anna's data exported by an installation where she is an ADMIN. */
  const adminExport = async () => {
    const { store, annaId } = await seedScenario()
    const accounts = createAccounts(store, { hashCost: 4 })
    await accounts.register({ email: 'boss@example.com', password: 'Boss-Pass1', role: 'ADMIN' })
    expect((await accounts.setRole(ANNA, 'ADMIN', 'test')).ok).toBe(true)
    const file = join(dir, `anna-admin-${Math.random()}.jsonl`)
    expect((await run(['export', '--format', 'finance', '--user', ANNA, '--out', file], { store })).code).toBe(0)
    return { file, annaId }
  }

  it('comes in as USER whatever the file says, recorded as an event of the import', { timeout: 60_000 }, async () => {
    const { file, annaId } = await adminExport()
    const target = createMemoryStore()
    const r = await run(['import', file], { store: target })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`rola ${ANNA} w tej instalacji: USER (w pliku: ADMIN)\n`)
    expect((await createAccounts(target).findByEmail(ANNA))?.role).toBe(ROLE_USER)
    // The file's events are kept as they are; the change follows them, by `cli`.
    const account = await target.readStream(`user-${annaId}`)
    expect(account.at(-1)).toMatchObject({ type: 'UserRoleChanged', data: { role: ROLE_USER } })
    expect(account.at(-1)?.metadata.userId).toBe('cli')
    expect(account.filter((e) => e.type === 'UserRoleChanged')).toHaveLength(2)
    const en = await run(['import', (await adminExport()).file, '--lang', 'en'], { store: createMemoryStore() })
    expect(en.stdout).toContain(`the role of ${ANNA} in this installation: USER (the file said ADMIN)\n`)
  })

  it('a write that fails half-way takes the account away again, so it never stays with the file role', {
    timeout: 60_000,
  }, async () => {
    const { file, annaId } = await adminExport()
    const target = createMemoryStore()
    let appends = 0
    const failing = {
      ...target,
      append: async (...args: Parameters<typeof target.append>) => {
        if (++appends === 3) throw new Error('disk full')
        return target.append(...args)
      },
    }
    const r = await run(['import', file, '--lang', 'en'], { store: failing })
    expect(r.code).toBe(1)
    expect(r.stderr).toBe("error: import stopped: disk full; the user's events it wrote were deleted\n")
    expect(await target.streamRevision(`user-${annaId}`)).toBeNull()
    expect(await createAccounts(target).findByEmail(ANNA)).toBeNull()
  })

  it('is ADMIN only when the operator says so, and --role is refused where it has nothing to set', {
    timeout: 60_000,
  }, async () => {
    const { file } = await adminExport()
    const target = createMemoryStore()
    const r = await run(['import', file, '--role', 'ADMIN', '--lang', 'en'], { store: target })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`the role of ${ANNA} in this installation: ADMIN\n`)
    expect((await createAccounts(target).findByEmail(ANNA))?.role).toBe(ROLE_ADMIN)

    // A whole history (a restore) keeps its roles: --role there is a usage error, and nothing is written.
    const { store } = await seedScenario()
    const whole = join(dir, 'whole.jsonl')
    expect((await run(['export', '--format', 'json', '--out', whole], { store })).code).toBe(0)
    const empty = createMemoryStore()
    const refused = await run(['import', whole, '--role', 'USER'], { store: empty })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(
      'błąd: --role dotyczy tylko danych jednego użytkownika (export --format finance); pełna historia zachowuje swoje role\n',
    )
    expect(await empty.headPosition()).toBe(0n)
    // Nor is it read, unused, after `import ksef` or `import bank`.
    const ksef = await run(['import', 'ksef', whole, '--user', ANNA, '--role', 'ADMIN', '--lang', 'en'], { store })
    expect(ksef.code).toBe(2)
    expect(ksef.stderr).toContain("--role applies to a user's own data")
  })
})

describe('finance users delete and purge', () => {
  it('deletes an account at once and erases its data only after the retention period, recording the purge', {
    timeout: 60_000,
  }, async () => {
    const { store, annaId } = await seedScenario()
    // Anna's KSeF token and an invoice she sent through KSeF, as the KSeF service keeps them.
    await store.secrets.put(`ksef:token:${annaId}`, 'sealed token')
    await store.secrets.put(`ksef:sent-xml:${annaId}:1`, '<Faktura/>')
    const annasSecrets = async () => (await store.secrets.entries!()).map(([k]) => k).filter((k) => k.includes(annaId))
    const deleted = await run(['users', 'delete', ANNA, '--lang', 'en'], { store, now: '2026-03-15T10:00:00.000Z' })
    expect(deleted.stderr).toBe('')
    expect(deleted.stdout).toContain(
      `deleted the account ${ANNA}: it can no longer log in; its books are kept until 2032-12-31`,
    )
    expect((await createAccounts(store).verifyPassword(ANNA, 'Anna-Pass1')).ok).toBe(false)
    // The password and the KSeF token went at once; the invoice stays with the books.
    expect(await annasSecrets()).toEqual([`ksef:sent-xml:${annaId}:1`])
    const eventsBefore = (await store.readStream(`books-${annaId}`)).length

    // The books stay readable by the operator's reading commands (a lawful request), said on stderr; a command
    // that writes is refused and writes nothing.
    const read = await run(['report', 'month', '2026-03', '--user', ANNA, '--lang', 'en'], { store })
    expect(read.code).toBe(0)
    // (The day of the deletion is the store's time of its event.)
    expect(read.stderr).toMatch(
      new RegExp(
        `^note: the account ${ANNA} was deleted on \\d{4}-\\d\\d-\\d\\d; its books are kept until 2032-12-31 \\(read only\\)\\n$`,
      ),
    )
    expect(read.stdout).toContain(`2026-03 — ${ANNA}`)
    const exported = await run(['export', '--format', 'csv', '--user', ANNA], { store })
    expect(exported.code).toBe(0)
    expect(exported.stdout.split('\n').length).toBeGreaterThan(10)
    const written = await run(['reset', 'month', '2026-03', '--user', ANNA], { store })
    expect(written.code).toBe(1)
    expect(written.stderr).toMatch(
      new RegExp(
        `^błąd: konto ${ANNA} usunięto \\d{4}-\\d\\d-\\d\\d; jego księgi są przechowywane do 2032-12-31 i czytają ` +
          'je tylko polecenia report, books, export, replay i diff\\n$',
      ),
    )
    expect((await store.readStream(`books-${annaId}`)).length).toBe(eventsBefore)

    // Within the retention period nothing goes.
    const early = await run(['users', 'purge', '--lang', 'en'], { store, now: '2032-12-31T12:00:00.000Z' })
    expect(early.stdout).toBe('no account whose retention period has ended\n')
    expect((await store.readStream(`books-${annaId}`)).length).toBe(eventsBefore)

    const dry = await run(['users', 'purge', '--dry-run', '--lang', 'en'], { store, now: '2033-01-02T12:00:00.000Z' })
    expect(dry.stdout).toBe(`due for erasure: ${ANNA} (kept until 2032-12-31)\n`)
    expect((await store.readStream(`books-${annaId}`)).length).toBe(eventsBefore)

    const purged = await run(['users', 'purge', '--lang', 'en'], { store, now: '2033-01-02T12:00:00.000Z' })
    expect(purged.stdout).toMatch(new RegExp(`^erased the data of ${ANNA} for good: \\d+ events, 1 secrets\\n$`))
    expect(await annasSecrets()).toEqual([])
    expect(await store.readStream(`books-${annaId}`)).toEqual([])
    expect(await store.readStream(`user-${annaId}`)).toEqual([])
    const gone = await run(['report', 'month', '2026-03', '--user', ANNA, '--lang', 'en'], { store })
    expect(gone.stderr).toBe(`error: no user ${ANNA} (see \`finance users list\`)\n`)
    const log = (await store.readAll({ maxCount: 10_000 })).events
    expect(log.some((e) => JSON.stringify(e.data).includes(ANNA))).toBe(false)
    expect(log.filter((e) => e.type === 'AccountPurged').map((e) => (e.data as { userId: string }).userId)).toEqual([
      annaId,
    ])
    // The address is free again.
    expect(
      (await createAccounts(store, { hashCost: 4 }).register({ email: ANNA, password: 'Anna-Pass2', role: 'USER' })).ok,
    ).toBe(true)
    // The last ADMIN stays.
    const admin = await run(['users', 'delete', 'admin@example.com', '--lang', 'en'], { store })
    expect(admin.code).toBe(1)
    expect(admin.stderr).toContain('cannot delete the account admin@example.com: it is the last ADMIN')
    // Nor can it lose its role first, and then be deleted as a USER.
    const demoted = await run(['users', 'set-role', 'admin@example.com', 'USER'], { store })
    expect(demoted.code).toBe(1)
    expect(demoted.stderr).toContain('Ostatni administrator nie może stracić roli ADMIN.')
    expect((await createAccounts(store, { hashCost: 4 }).findByEmail('admin@example.com'))?.role).toBe(ROLE_ADMIN)
  })
})
