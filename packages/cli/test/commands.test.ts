/** Behaviour beyond the golden outputs: reset confirmation, user administration, manners (colour, errors). */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAccounts, executeBooks, loadBooks } from '@finance/books'
import { createMemoryStore } from '@finance/event-store'
import { formatMoney, isDomainError, type LedgerCommand, parseMoney, summaryList } from '@finance/ledger-core/light'
import { afterAll, describe, expect, it } from 'vitest'
import { generatePassword } from '../src/commands/users.ts'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-cli-commands-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('finance reset', () => {
  it('without a terminal and without --yes refuses with exit 1 and writes nothing', async () => {
    const s = await seedScenario()
    const head = await s.store.headPosition()
    const r = await run(['reset', 'month', '2026-02', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('not a terminal, pass --yes')
    const pl = await run(['reset', 'month', '2026-02', '--user', ANNA], { store: s.store })
    expect(pl.stderr).toContain('to nie jest terminal, dodaj --yes')
    expect(await s.store.headPosition()).toBe(head)
  })

  it('asks on a terminal; "n" cancels with exit 1, "y" resets', async () => {
    const s = await seedScenario()
    const head = await s.store.headPosition()
    const en = ['reset', 'month', '2026-02', '--user', ANNA, '--lang', 'en']
    const no = await run(en, { store: s.store, isTTY: true, input: 'n\n' })
    expect(no.code).toBe(1)
    expect(no.stderr).toContain(
      'Clear Completed, Notification and Sent on the transactions of the month 2026-02 for anna@example.com? Items and settings are kept. [y/N]',
    )
    expect(no.stderr).toContain('cancelled, nothing changed')
    expect(await s.store.headPosition()).toBe(head)
    const yes = await run(en, { store: s.store, isTTY: true, input: 'y\n' })
    expect(yes.code).toBe(0)
    expect(yes.stdout).toBe('reset the month 2026-02 of anna@example.com: 1 event(s) recorded\n')
    const after = (await loadBooks(s.store, s.annaId)).state
    expect([...after.flags.keys()]).toEqual(['i5-2026-01'])
  })

  it('asks and answers in Polish by default, "t" (tak) confirming', async () => {
    const s = await seedScenario()
    const r = await run(['reset', 'month', '2026-02', '--user', ANNA], { store: s.store, isTTY: true, input: 't\n' })
    expect(r.stderr).toContain(
      'Odznaczyć „Zrealizowane”, „Powiadomienie” i „Wysłane” w transakcjach miesiąca 2026-02 użytkownika anna@example.com? Pozycje i ustawienia pozostaną bez zmian. [t/N]',
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('zresetowano transakcje miesiąca 2026-02 użytkownika anna@example.com: zapisano zdarzeń: 1\n')
  })

  it('with --yes records the cleared flags of the year as an event with metadata userId cli', async () => {
    const s = await seedScenario()
    const before = await run(['report', 'month', '2026-01', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(before.stdout).toContain('done')
    const r = await run(['reset', 'year', '2026', '--user', ANNA, '--yes'], { store: s.store })
    expect(r.code).toBe(0)
    const [last] = await s.store.readStream(`books-${s.annaId}`, { direction: 'backwards', maxCount: 1 })
    expect(last?.type).toBe('TransactionFlagsCleared')
    expect(last?.data).toEqual({
      scope: 'year',
      period: '2026',
      ids: ['i5-2026-01', 'pit-2026-01', 'vat-2026-01', 'zus-2026-01'],
    })
    expect(last?.metadata.userId).toBe('cli')
    expect(last?.metadata.createdAt).toBe('2026-03-15T10:00:00.000Z')
    const report = await run(['report', 'month', '2026-01', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(report.stdout).not.toContain('done')
    // Items and amounts are untouched.
    const totals = (text: string) => text.slice(text.indexOf('Month totals'))
    expect(totals(report.stdout)).toBe(totals(before.stdout))
  })

  it('rejects an unknown user with exit 1', async () => {
    const argv = ['reset', 'year', '2026', '--user', 'ghost@example.com', '--yes']
    const r = await run([...argv, '--lang', 'en'], { store: createMemoryStore() })
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('error: no user ghost@example.com (see `finance users list`)\n')
    const pl = await run(argv, { store: createMemoryStore() })
    expect(pl.stderr).toBe('błąd: nie ma użytkownika ghost@example.com (zob. `finance users list`)\n')
  })
})

describe('finance report on live books', () => {
  it('a tax paid before a back-dated invoice raised it shows what is left to pay', async () => {
    const s = await seedScenario()
    const { executeBooks } = await import('@finance/books')
    await executeBooks(s.store, s.annaId, {
      type: 'AddItem',
      dataType: 'Income',
      data: {
        date: '2026-01-28',
        name: 'Late invoice',
        amount: '1000',
        isCompany: true,
        percent: '23',
        invoiceDate: null,
      },
      at: '2026-03-01T10:00:00.000Z',
      userId: s.annaId,
    })
    const r = await run(['report', 'month', '2026-02', '--user', ANNA, '--lang', 'en', '--json'], { store: s.store })
    const pit = (
      JSON.parse(r.stdout) as { rows: { id: string; completed: boolean; remaining: string | null }[] }
    ).rows.find((x) => x.id === 'pit-2026-01')!
    expect(pit).toMatchObject({ completed: true, remaining: '190.00' })
    const table = await run(['report', 'month', '2026-02', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(table.stdout).toMatch(/pit-2026-01 .*190\.00 to pay/)
  })
})

describe('finance report of a partial payment', () => {
  it('a contribution paid in part by a bank line is not paid: the report says what is left to pay', async () => {
    const s = await seedScenario()
    const exec = async (c: Record<string, unknown>) => {
      const r = await executeBooks(s.store, s.annaId, {
        at: '2026-03-25T10:00:00.000Z',
        userId: s.annaId,
        ...c,
      } as LedgerCommand)
      if (isDomainError(r)) throw new Error(JSON.stringify(r))
      return r
    }
    const { line, statement } = await import('@finance/ledger-core/testing')
    const imported = await exec({
      type: 'ImportBankStatement',
      statement: statement([line({ bookingDate: '2026-03-10', amount: '-1000.00', title: 'Składki' })]),
      autoMatch: false,
    })
    const lineId = [...imported.state.bank.lines.keys()][0]!
    await exec({
      type: 'MatchBankLine',
      lineId,
      allocations: [{ kind: 'transaction', id: 'zus-2026-02', amount: '1000.00' }],
    })
    const json = await run(['report', 'month', '2026-03', '--user', ANNA, '--lang', 'en', '--json'], { store: s.store })
    const zus = (
      JSON.parse(json.stdout) as { rows: { id: string; gross: string; completed: boolean; remaining: string | null }[] }
    ).rows.find((x) => x.id === 'zus-2026-02')!
    expect(zus).toMatchObject({ gross: '2363.24', completed: false, remaining: '1363.24' })
    const table = await run(['report', 'month', '2026-03', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(table.stdout).toMatch(/zus-2026-02 .*1,363\.24 to pay/)
  })
})

describe('finance report of a row with nothing to pay', () => {
  it('says nothing to pay, not to pay, in both languages', async () => {
    const s = await seedScenario()
    // The annual health settlement of 2025: January 2026 its only insured month, its minimum paid, 0.00 left.
    const pl = await run(['report', 'month', '2026-05', '--user', ANNA], { store: s.store })
    expect(pl.stdout).toMatch(/health-annual-2025 .* 0,00 +2025-02\.\.2026-01 +2026-05-20 +nic do zapłaty\n/)
    expect(pl.stdout).toMatch(/vat-2026-04 .* do zapłaty\n/)
    const en = await run(['report', 'month', '2026-05', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(en.stdout).toMatch(/health-annual-2025 .* 0\.00 +2025-02\.\.2026-01 +2026-05-20 +nothing to pay\n/)
  })
})

describe('finance users', () => {
  it('adds a user with a given password who can then log in', async () => {
    const store = createMemoryStore()
    const r = await run(
      ['users', 'add', 'Ola@Example.com', '--role', 'ADMIN', '--password', 'Str0ng!pass', '--lang', 'en'],
      {
        store,
      },
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^added ola@example.com \(ADMIN\) [0-9a-f-]{36}\n$/)
    const verified = await createAccounts(store).verifyPassword('ola@example.com', 'Str0ng!pass')
    expect(verified.ok).toBe(true)
  })

  it('generates and prints a password without a terminal', async () => {
    const store = createMemoryStore()
    const r = await run(['users', 'add', 'gen@example.com', '--role', 'USER', '--lang', 'en'], { store })
    expect(r.code).toBe(0)
    const password = /password: (\S+)\n$/.exec(r.stdout)?.[1]
    expect(password).toBeDefined()
    expect((await createAccounts(store).verifyPassword('gen@example.com', password!)).ok).toBe(true)
  })

  it('prompts for the password on a terminal', async () => {
    const store = createMemoryStore()
    const r = await run(['users', 'add', 'tty@example.com', '--role', 'USER'], {
      store,
      isTTY: true,
      input: 'Typed-Pass1\nTyped-Pass1\n',
    })
    expect(r.code).toBe(0)
    expect(r.stdout).not.toContain('Typed-Pass1')
    expect((await createAccounts(store).verifyPassword('tty@example.com', 'Typed-Pass1')).ok).toBe(true)
  })

  it('reports a weak password and a duplicate e-mail with exit 1', async () => {
    const store = createMemoryStore()
    const weak = await run(['users', 'add', 'w@example.com', '--role', 'USER', '--password', 'abc', '--lang', 'en'], {
      store,
    })
    expect(weak.code).toBe(1)
    expect(weak.stderr).toContain('cannot add w@example.com: Passwords must be at least 6 characters.')
    await run(['users', 'add', 'd@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], { store })
    const dup = await run(['users', 'add', 'd@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], { store })
    expect(dup.code).toBe(1)
    expect(dup.stderr).toBe('błąd: nie można dodać d@example.com: E-mail już istnieje\n')
  })

  it('refuses an address that is not an e-mail address, as the accounts service does, creating no store', async () => {
    const store = createMemoryStore()
    const r = await run(['users', 'add', 'not-an-email', '--role', 'USER', '--password', 'Str0ng!pass'], { store })
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('błąd: nie można dodać not-an-email: E-mail jest wymagany i musi mieć poprawny format.\n')
    expect(await store.headPosition()).toBe(0n)
    // The service itself refuses it too (the API's registration and any other caller).
    const direct = await createAccounts(store).register({
      email: 'not-an-email',
      password: 'Str0ng!pass',
      role: 'USER',
    })
    expect(direct).toEqual({ ok: false, status: 400, errors: ['Email is required and should be in correct format.'] })
    const data = join(dir, 'never-created')
    const onDisk = await run(['users', 'add', 'x@', '--role', 'USER', '--password', 'Str0ng!pass', '--data', data], {
      env: { FINANCE_STORE: 'sqlite' },
    })
    expect(onDisk.code).toBe(1)
    expect(existsSync(data)).toBe(false)
  })

  it('refuses an address with a control character, a blank or an address separator inside', async () => {
    const store = createMemoryStore()
    for (const email of ['x\x01y@ex.com', 'x\u0000y@ex.com', 'x y@ex.com', 'x@ex.com\r\nBcc: z@ex.com', 'x,y@ex.com']) {
      const r = await run(['users', 'add', email, '--role', 'USER', '--password', 'Str0ng!pass'], { store })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('E-mail jest wymagany i musi mieć poprawny format.')
    }
    expect(await store.headPosition()).toBe(0n)
  })

  it('changes a role; an unknown role is a usage error (2), an unknown user a user error (1)', async () => {
    const store = createMemoryStore()
    await run(['users', 'add', 'r@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], { store })
    const ok = await run(['users', 'set-role', 'r@example.com', 'ADMIN'], { store })
    expect(ok.code).toBe(0)
    expect((await createAccounts(store).findByEmail('r@example.com'))?.role).toBe(1024)
    expect((await run(['users', 'set-role', 'r@example.com', 'KING'], { store })).code).toBe(2)
    const ghost = await run(['users', 'set-role', 'ghost@example.com', 'USER', '--lang', 'en'], { store })
    expect(ghost.code).toBe(1)
    expect(ghost.stderr).toContain('User does not exist.')
  })

  it('sets a password without the old one', async () => {
    const store = createMemoryStore()
    await run(['users', 'add', 'p@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], { store })
    const r = await run(['users', 'set-password', 'p@example.com', '--password', 'N3w!pass'], { store })
    expect(r.code).toBe(0)
    expect((await createAccounts(store).verifyPassword('p@example.com', 'N3w!pass')).ok).toBe(true)
  })

  it('generated passwords meet the policy', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword()
      expect(p).toMatch(/[a-z]/)
      expect(p).toMatch(/[A-Z]/)
      expect(p).toMatch(/[0-9]/)
      expect(p).toMatch(/[^a-zA-Z0-9]/)
      expect(p).toHaveLength(16)
    }
  })
})

describe('manners', () => {
  it('has --help on every command, exit 0, on stdout', async () => {
    const paths = [
      [],
      ['report'],
      ['report', 'month'],
      ['report', 'year'],
      ['reset'],
      ['reset', 'month'],
      ['reset', 'year'],
      ['replay'],
      ['diff'],
      ['export'],
      ['import'],
      ['users'],
      ['users', 'add'],
      ['users', 'list'],
      ['users', 'set-role'],
      ['users', 'set-password'],
    ]
    for (const path of paths) {
      const r = await run([...path, '--help'])
      expect([path.join(' '), r.code]).toEqual([path.join(' '), 0])
      expect(r.stdout).toContain(`Usage: finance${path.length > 0 ? ` ${path.join(' ')}` : ''}`)
      expect(r.stderr).toBe('')
    }
  })

  it('colours only on a terminal and not with NO_COLOR', async () => {
    const s = await seedScenario()
    const argv = ['report', 'month', '2026-02', '--user', ANNA]
    expect((await run(argv, { store: s.store })).stdout).not.toContain('\u001b[')
    expect((await run(argv, { store: s.store, isTTY: true })).stdout).toContain('\u001b[1m')
    expect((await run(argv, { store: s.store, isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[')
  })

  it('draws a progress bar only on a terminal, on stderr', async () => {
    const s = await seedScenario()
    const plain = await run(['replay'], { store: s.store })
    expect(plain.stderr).toBe('')
    const tty = await run(['replay', '--lang', 'en'], { store: s.store, isTTY: true })
    expect(tty.stderr).toMatch(/replay \[#+\] 100% 17\/17 [\d,]+ events\/s/)
    expect(tty.stdout).toMatch(/^replayed 17 events/)
    const pl = await run(['replay'], { store: s.store, isTTY: true })
    expect(pl.stderr).toMatch(/replay \[#+\] 100% 17\/17 [\d\u00a0]+ zdarzeń\/s/)
  })

  it('usage errors exit 2: bad month, both --json and --csv, --from after --to', async () => {
    const store = createMemoryStore()
    expect((await run(['report', 'month', '2026-3', '--user', ANNA], { store })).code).toBe(2)
    expect((await run(['report', 'year', '2026', '--user', ANNA, '--json', '--csv'], { store })).code).toBe(2)
    const rate = await run(['report', 'annual', '2026', '--user', ANNA, '--flat-rate', '13'], { store })
    expect([rate.code, rate.stderr]).toEqual([
      2,
      expect.stringContaining('--flat-rate musi być jedną ze stawek 2%, 3%, 5,5%, 8,5%'),
    ])
    // A rate written as Polish writes it is the rate (here the run stops at the user, who does not exist).
    const comma = await run(['report', 'annual', '2026', '--user', ANNA, '--flat-rate', '8,5'], { store })
    expect(comma.code).toBe(1)
    expect(comma.stderr).not.toContain('flat-rate')
    expect((await run(['report', 'annual', '26', '--user', ANNA], { store })).code).toBe(2)
    expect((await run(['replay', '--as-of', 'yesterday'], { store })).code).toBe(2)
    const back = await run(['diff', '--from', '2026-02-01', '--to', '2026-01-01', '--lang', 'en'], { store })
    expect(back.code).toBe(2)
    expect(back.stderr).toContain('the range ends before it starts: 2026-01-01T23:59:59.999Z is before')
  })

  it('export --out writes the file and nothing to stdout', async () => {
    const s = await seedScenario()
    const file = join(dir, 'out.jsonl')
    const r = await run(['export', '--format', 'json', '--out', file], { store: s.store })
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('')
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(17)
  })

  it('writes --out files owner-only (0600) like backups, also over an existing file others could read', async () => {
    const s = await seedScenario()
    const umask = process.umask(0o022)
    try {
      const mode = (f: string) => statSync(f).mode & 0o777
      const json = join(dir, 'private.jsonl')
      expect((await run(['export', '--format', 'json', '--out', json], { store: s.store })).code).toBe(0)
      expect(mode(json)).toBe(0o600)
      const csv = join(dir, 'private.csv')
      writeFileSync(csv, 'an older export\n')
      chmodSync(csv, 0o644)
      expect((await run(['export', '--format', 'csv', '--user', ANNA, '--out', csv], { store: s.store })).code).toBe(0)
      expect(mode(csv)).toBe(0o600)
      expect(readFileSync(csv, 'utf8')).not.toContain('an older export')
      const book = join(dir, 'private-book.csv')
      const r = await run(['books', '2026', '--user', ANNA, '--format', 'csv', '--out', book], { store: s.store })
      expect(r.code).toBe(0)
      expect(mode(book)).toBe(0o600)
    } finally {
      process.umask(umask)
    }
  })
})

describe('finance export without an end', () => {
  it('runs to this month: contributions due after the last item are in it, months after today are not', async () => {
    const { seedUser } = await import('./helpers.ts')
    const { scaleYearCommands } = await import('@finance/ledger-core/testing')
    const { store, exec } = await seedUser()
    // Items in January–March 2025 only; full ZUS every month from January 2025.
    for (const c of scaleYearCommands(3)) await exec(c)
    const now = '2025-09-20T10:00:00.000Z'
    const csv = (await run(['export', '--format', 'csv', '--user', ANNA, '--lang', 'en'], { store, now })).stdout
    const months = new Set(
      csv
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[1]),
    )
    expect([...months].sort()).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
    ])
    const journal = (await run(['export', '--format', 'ledger', '--user', ANNA], { store, now })).stdout
    expect(journal).toContain('2025-09-')
    expect(journal).not.toContain('2025-10-')
    // A given end is kept.
    const bounded = (await run(['export', '--format', 'csv', '--user', ANNA, '--to', '2025-05'], { store, now })).stdout
    expect(bounded).not.toContain(',2025-06,')
  })
})

describe('ledger export read by hledger', () => {
  const hledger = spawnSync('hledger', ['--version'], { encoding: 'utf8' })
  const available = hledger.status === 0

  it.skipIf(!available)('hledger balance equals the core figures account by account', async () => {
    const s = await seedScenario()
    const out = await run(['export', '--format', 'ledger', '--user', ANNA], { store: s.store })
    const file = join(dir, 'anna.journal')
    writeFileSync(file, out.stdout)
    const bal = spawnSync('hledger', ['-f', file, 'balance', '--flat', '-O', 'csv'], { encoding: 'utf8' })
    expect(bal.stderr).toBe('')
    expect(bal.status).toBe(0)
    const theirs = new Map<string, string>()
    for (const line of bal.stdout.trim().split('\n').slice(1)) {
      const [account, amount] = line.split(',').map((c) => c.replaceAll('"', ''))
      theirs.set(account!, amount!.replace(' PLN', ''))
    }
    // Ours: the core's summary rows for the months the journal covers.
    const months = [...out.stdout.matchAll(/^(\d{4}-\d{2})-\d{2} /gm)].map((m) => m[1]!).sort()
    const first = months[0]!
    const last = months[months.length - 1]!
    const { state } = await loadBooks(s.store, s.annaId)
    const totals = new Map<string, bigint>()
    const addTo = (account: string, money: string, sign: bigint) =>
      totals.set(account, (totals.get(account) ?? 0n) + sign * parseMoney(money))
    for (let y = Number(first.slice(0, 4)); y <= Number(last.slice(0, 4)); y++)
      for (const row of summaryList(state, y, false).slice(0, 12)) {
        const ym = `${y}-${String(row.month).padStart(2, '0')}`
        if (ym < first || ym > last) continue
        addTo('income:company', row.companyIncomeAmmount, -1n)
        addTo('income:private', row.privateIncomeAmmount, -1n)
        addTo('expenses:company', row.companyExpenseAmmount, 1n)
        addTo('expenses:private', row.privateExpenseAmmount, 1n)
        addTo('expenses:taxes:pit', row.companyPitAmmount, 1n)
        addTo('expenses:taxes:zus', row.companySocialSecurityAmmount, 1n)
      }
    for (const [account, grosze] of totals)
      expect([account, theirs.get(account)]).toEqual([account, formatMoney(grosze)])
    expect(theirs.get('total')).toBe('0')
    expect(theirs.get('income:company')).toBe('-180000.00')
  })

  it.skipIf(!available)(
    "an all-users journal passes hledger's strict check and keeps each user's accounts apart",
    async () => {
      const s = await seedScenario()
      const bob = await createAccounts(s.store, { hashCost: 4 }).register({
        email: 'bob@example.com',
        password: 'Bob-Pass1',
        role: 'USER',
      })
      if (!bob.ok) throw new Error(bob.errors.join())
      const added = await executeBooks(s.store, bob.value.id, {
        type: 'AddItem',
        dataType: 'Income',
        data: { date: '2026-01-05', name: 'Gig', amount: '100', isCompany: false, percent: '0', invoiceDate: null },
        at: '2026-01-05T10:00:00.000Z',
        userId: bob.value.id,
      } as LedgerCommand)
      expect(isDomainError(added)).toBe(false)
      const out = await run(['export', '--format', 'ledger'], { store: s.store })
      const file = join(dir, 'everyone.journal')
      writeFileSync(file, out.stdout)
      const check = spawnSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' })
      expect(check.stderr).toBe('')
      expect(check.status).toBe(0)
      const bal = spawnSync('hledger', ['-f', file, 'balance', '--flat', '-O', 'csv', 'assets:bank'], {
        encoding: 'utf8',
      })
      const banks = bal.stdout
        .trim()
        .split('\n')
        .slice(1, -1)
        .map((l) => l.replaceAll('"', '').split(',')[0])
      expect(banks).toEqual(['anna@example.com:assets:bank', 'bob@example.com:assets:bank'])
      expect(bal.stdout).toContain('"bob@example.com:assets:bank","100.00 PLN"')
      // One user's journal keeps the plain chart and passes the strict check too.
      const anna = await run(['export', '--format', 'ledger', '--user', ANNA], { store: s.store })
      writeFileSync(file, anna.stdout)
      expect(anna.stdout).toContain('account assets:bank\n    ; type: A')
      expect(spawnSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' }).status).toBe(0)
    },
  )

  it.runIf(!available)('is skipped: hledger is not installed (apt-get install -y hledger)', () => {
    expect(available).toBe(false)
  })
})
