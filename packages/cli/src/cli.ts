/**
 * The `finance` command. `runCli(argv, options)` parses and runs one command in-process and resolves to the
 * exit code: 0 ok, 1 user error (clear message on stderr), 2 usage error (commander's errors, mapped through
 * `exitOverride`). `main.ts` wires it to the real process.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { type Ctx, createCtx, type RunOptions } from './context.ts'
import { CliError, ExitCode } from './errors.ts'
import { LANGS, type Lang } from './i18n.ts'

// Command modules load on first use, so `--help` and usage errors start fast and need no store or core.
const commands = {
  report: () => import('./commands/report.ts'),
  annual: () => import('./commands/annual.ts'),
  reset: () => import('./commands/reset.ts'),
  replay: () => import('./commands/replay.ts'),
  diff: () => import('./commands/diff.ts'),
  export: () => import('./commands/export.ts'),
  import: () => import('./commands/import.ts'),
  users: () => import('./commands/users.ts'),
  books: () => import('./commands/books.ts'),
}

export type { RunOptions } from './context.ts'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const YEAR = /^\d{4}$/

export const parseMonth = (value: string): string => {
  if (!MONTH.test(value)) throw new InvalidArgumentError('expected a month as YYYY-MM, e.g. 2026-03')
  return value
}

export const parseYear = (value: string): number => {
  if (!YEAR.test(value)) throw new InvalidArgumentError('expected a year as YYYY, e.g. 2026')
  return Number(value)
}

/**
 * Accepts an ISO-8601 timestamp or a date, which means the end of that day in UTC (as ledger-core's `replay` reads
 * it: `2026-03-01` = `2026-03-01T23:59:59.999Z`), and normalises it to ISO UTC.
 */
export const parseTimestamp = (value: string): string => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T23:59:59.999Z`) : Date.parse(value)
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms))
    throw new InvalidArgumentError('expected an ISO-8601 timestamp, e.g. 2026-03-01T12:00:00Z, or a date YYYY-MM-DD')
  return new Date(ms).toISOString()
}

/** A month `YYYY-MM` or a date `YYYY-MM-DD` (journal bounds). */
export const parsePeriod = (value: string): string => {
  if (MONTH.test(value)) return value
  if (/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) return value
  throw new InvalidArgumentError('expected a month YYYY-MM or a date YYYY-MM-DD')
}

/** A thread count for `replay --threads`: an integer from 1 to 64. */
export const parseThreads = (value: string): number => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < 1 || n > 64) throw new InvalidArgumentError('expected a whole number from 1 to 64')
  return n
}

const parseLang = (value: string): Lang => {
  if (!(LANGS as readonly string[]).includes(value)) throw new InvalidArgumentError('expected pl or en')
  return value as Lang
}

const userOption = () => new Option('-u, --user <email>', "the user's e-mail address")
const requiredUser = () => userOption().makeOptionMandatory()

interface OutputFlags {
  readonly json?: boolean
  readonly csv?: boolean
}

const formatOf = (o: OutputFlags): 'table' | 'json' | 'csv' => {
  if (o.json && o.csv) throw new CliError('choose one of --json and --csv', 2)
  return o.json ? 'json' : o.csv ? 'csv' : 'table'
}

const EXAMPLES: Record<string, readonly string[]> = {
  'report month': [
    'finance report month 2026-02 --user anna@example.com',
    'finance report month 2026-02 --user anna@example.com --lang en --json',
  ],
  'report year': ['finance report year 2026 --user anna@example.com --csv > 2026.csv'],
  'report annual': [
    'finance report annual 2025 --user anna@example.com',
    'finance report annual 2026 --user anna@example.com --flat-rate 12 --lang en --json',
  ],
  'reset month': ['finance reset month 2026-02 --user anna@example.com --yes'],
  'reset year': ['finance reset year 2026 --user anna@example.com'],
  replay: ['finance replay', 'finance replay --user anna@example.com --as-of 2026-02-10T12:00:00Z'],
  diff: ['finance diff --from 2026-02-01 --to 2026-03-01 --user anna@example.com'],
  export: [
    'finance export --format json --out backup.jsonl',
    'finance export --format ledger --user anna@example.com --out anna.journal && hledger -f anna.journal bal -M',
  ],
  import: ['finance --data ./restored import backup.jsonl'],
  books: [
    'finance books 2026 --user anna@example.com',
    'finance books 2026 --month 03 --user anna@example.com --lang en',
    'finance books 2026 --user anna@example.com --format xml --out JPK_PKPIR_2026.xml',
  ],
  'users add': ['finance users add admin@example.com --role ADMIN'],
  'users list': ['finance users list --json'],
  'users set-role': ['finance users set-role anna@example.com ADMIN'],
  'users set-password': ['finance users set-password anna@example.com'],
}

const ROOT_HELP = `
Store: FINANCE_STORE (sqlite|postgres|kurrentdb|memory), FINANCE_DATA_DIR, DATABASE_URL, KURRENTDB_URL, or --data DIR.
Exit codes: 0 ok, 1 user error (message on stderr), 2 usage error.
Colour and progress bars only on a terminal; NO_COLOR turns colour off. Documentation: docs/cli.md.
`

const addExamples = (cmd: Command, path: readonly string[] = []): void => {
  for (const c of cmd.commands) {
    const p = [...path, c.name()]
    const examples = EXAMPLES[p.join(' ')]
    if (examples) c.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`)
    addExamples(c, p)
  }
}

const buildProgram = (ctx: Ctx): Command => {
  const program = new Command('finance')
  program
    .description('Finance books from the terminal: reports, resets, audit replay, export/import, users')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.out(s), writeErr: (s) => ctx.err(s) })
    .showHelpAfterError('(run with --help for usage)')
    .option('--data <dir>', 'data directory of the SQLite store (overrides FINANCE_DATA_DIR)')
    .addOption(new Option('--lang <lang>', 'language of headings and labels').choices(LANGS).default('pl'))
    .hook('preAction', (_this, action) => {
      const g = action.optsWithGlobals<{ data?: string; lang?: string }>()
      ctx.dataDir = g.data
      ctx.lang = parseLang(g.lang ?? 'pl')
    })

  const report = program.command('report').description("print a user's monthly or yearly report")
  report
    .command('month')
    .description(
      "the month's transactions, VAT/PIT/ZUS obligations with due dates and paid state, and the cost summary",
    )
    .argument('<month>', 'YYYY-MM', parseMonth)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .action(async (month: string, o: OutputFlags & { user: string }) =>
      (await commands.report()).reportMonth(ctx, month, o.user, formatOf(o)),
    )
  report
    .command('year')
    .description('the yearly summary table (12 months and the year)')
    .argument('<year>', 'YYYY', parseYear)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .option('--cumulative', 'running totals instead of monthly figures')
    .action(async (year: number, o: OutputFlags & { user: string; cumulative?: boolean }) =>
      (await commands.report()).reportYear(ctx, year, o.user, formatOf(o), o.cumulative === true),
    )

  report
    .command('annual')
    .description(
      'the year end: PIT-36/36L/28 and the annual health settlement with their due dates, and the forms of taxation compared (projected months marked)',
    )
    .argument('<year>', 'YYYY', parseYear)
    .addOption(requiredUser())
    .option('--flat-rate <percent>', 'the ryczałt rate to compare with (default: yours, else 8.5)')
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .action(async (year: number, o: OutputFlags & { user: string; flatRate?: string }) =>
      (await commands.annual()).reportAnnual(ctx, year, o.user, formatOf(o), o.flatRate ?? null),
    )

  const reset = program.command('reset').description('reset generated transactions, recorded as events')
  reset
    .command('month')
    .description("reset a month's generated transactions (as the dashboard's 'Reset current month')")
    .argument('<month>', 'YYYY-MM', parseMonth)
    .addOption(requiredUser())
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (month: string, o: { user: string; yes?: boolean }) =>
      (await commands.reset()).resetCommand(ctx, { kind: 'month', month }, o.user, o.yes === true),
    )
  reset
    .command('year')
    .description("reset a year's generated transactions (as the dashboard's 'Reset current year')")
    .argument('<year>', 'YYYY', parseYear)
    .addOption(requiredUser())
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (year: number, o: { user: string; yes?: boolean }) =>
      (await commands.reset()).resetCommand(ctx, { kind: 'year', year }, o.user, o.yes === true),
    )

  program
    .command('replay')
    .description('rebuild every projection from the whole event log; with --as-of show the books at that moment')
    .option(
      '--as-of <timestamp>',
      'stop at events created after this moment (ISO-8601, or YYYY-MM-DD = end of that day UTC)',
      parseTimestamp,
    )
    .addOption(userOption())
    .option('--month <month>', 'month to show with --user (default: the month of --as-of or today)', parseMonth)
    .option(
      '--threads <n>',
      'fold on this many threads (default: one per core, up to 4, for a large log)',
      parseThreads,
    )
    .option('--digest', "print a SHA-256 digest of every user's books, to compare two replays")
    .option('--json', 'print JSON')
    .action(
      async (o: { asOf?: string; user?: string; month?: string; json?: boolean; threads?: number; digest?: boolean }) =>
        (await commands.replay()).replayCommand(ctx, {
          asOf: o.asOf,
          user: o.user,
          month: o.month,
          json: o.json === true,
          threads: o.threads,
          digest: o.digest === true,
        }),
    )

  program
    .command('diff')
    .description('list which events changed which figures between two moments')
    .requiredOption('--from <timestamp>', 'the earlier moment', parseTimestamp)
    .requiredOption('--to <timestamp>', 'the later moment', parseTimestamp)
    .addOption(userOption())
    .option('--json', 'print JSON')
    .action(async (o: { from: string; to: string; user?: string; json?: boolean }) =>
      (await commands.diff()).diffCommand(ctx, { from: o.from, to: o.to, user: o.user, json: o.json === true }),
    )

  program
    .command('export')
    .description('export the history (json lines), the transactions (csv) or an hledger/ledger journal')
    .addOption(
      new Option('-f, --format <format>', 'json | csv | ledger')
        .choices(['json', 'csv', 'ledger'])
        .makeOptionMandatory(),
    )
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .addOption(userOption().default(undefined, 'all users'))
    .option('--from <period>', 'ledger only: first month (YYYY-MM) or date (YYYY-MM-DD) of the journal', parsePeriod)
    .option('--to <period>', 'ledger only: last month (YYYY-MM) or date (YYYY-MM-DD) of the journal', parsePeriod)
    .action(
      async (o: { format: 'json' | 'csv' | 'ledger'; out?: string; user?: string; from?: string; to?: string }) => {
        if ((o.from !== undefined || o.to !== undefined) && o.format !== 'ledger')
          throw new CliError('--from and --to apply to --format ledger only', 2)
        return (await commands.export()).exportCommand(ctx, o)
      },
    )

  program
    .command('import')
    .description('restore a JSON-lines export into an empty store (validated first; nothing is written on error)')
    .argument('<file>', 'events.jsonl written by `finance export --format json`')
    .action(async (file: string) => (await commands.import()).importCommand(ctx, file))

  registerBooks(program, ctx)

  const users = program.command('users').description('user administration')
  users
    .command('add')
    .description('register a user (prompts for a password on a terminal, otherwise generates and prints one)')
    .argument('<email>', 'e-mail address')
    .addOption(new Option('-r, --role <role>', 'USER or ADMIN').choices(['USER', 'ADMIN']).makeOptionMandatory())
    .option('-p, --password <password>', 'the password (at least 6 characters, lower, upper, digit, symbol)')
    .action(async (email: string, o: { role: 'USER' | 'ADMIN'; password?: string }) =>
      (await commands.users()).usersAdd(ctx, email, o),
    )
  users
    .command('list')
    .description('list users with their roles')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => (await commands.users()).usersList(ctx, o.json === true))
  users
    .command('set-role')
    .description("change a user's role")
    .argument('<email>', 'e-mail address')
    .argument('<role>', 'USER or ADMIN')
    .action(async (email: string, role: string) => (await commands.users()).usersSetRole(ctx, email, role))
  users
    .command('set-password')
    .description("set a user's password without the old one (e.g. after an import: passwords are never exported)")
    .argument('<email>', 'e-mail address')
    .option('-p, --password <password>', 'the new password (prompted on a terminal, otherwise generated and printed)')
    .action(async (email: string, o: { password?: string }) => (await commands.users()).usersSetPassword(ctx, email, o))

  program.addHelpText('after', ROOT_HELP)
  addExamples(program)
  return program
}

/** `finance books YYYY`: the tax book (KPiR or ewidencja przychodów) and its JPK file. */
const registerBooks = (program: Command, ctx: Ctx) => {
  program
    .command('books')
    .description("a year's tax book (KPiR or ewidencja przychodów) or its JPK_PKPIR / JPK_EWP file")
    .argument('<year>', 'YYYY', parseYear)
    .addOption(requiredUser())
    .option('-m, --month <month>', 'only this month (MM)', parseMonthNumber)
    .addOption(
      new Option('-f, --format <format>', 'table | csv | json | xml')
        .choices(['table', 'csv', 'json', 'xml'])
        .default('table'),
    )
    .addOption(
      new Option('--form <form>', 'csv and xml: which book (default: the one that has rows)').choices([
        'JPK_PKPIR',
        'JPK_EWP',
      ]),
    )
    .addOption(
      new Option('--purpose <n>', 'xml: 0 on demand, 1 first filing, 2 correction')
        .choices(['0', '1', '2'])
        .default('1'),
    )
    .option('--inventory-start <amount>', 'xml, JPK_PKPIR: stock-taking at the start of the year (P_1)', parseAmount)
    .option('--inventory-end <amount>', 'xml, JPK_PKPIR: stock-taking at the end of the year (P_2)', parseAmount)
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .action(
      async (
        year: number,
        o: {
          user: string
          month?: number
          format: 'table' | 'csv' | 'json' | 'xml'
          form?: 'JPK_PKPIR' | 'JPK_EWP'
          purpose: '0' | '1' | '2'
          inventoryStart?: string
          inventoryEnd?: string
          out?: string
        },
      ) => {
        if (year < 1900 || year > 2050) throw new CliError('the year must be from 1900 to 2050 (the JPK date range)', 2)
        return (await commands.books()).booksCommand(ctx, year, { ...o, purpose: Number(o.purpose) as 0 | 1 | 2 })
      },
    )
}

/** A month number 1–12 (`3` or `03`). */
export const parseMonthNumber = (value: string): number => {
  if (!/^(0?[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('expected a month number 01–12')
  return Number(value)
}

/** An amount, not negative, with at most two decimals; normalised to two decimals (`12.5` → `12.50`). */
export const parseAmount = (value: string): string => {
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('expected an amount like 1250.50')
  const [w, f = ''] = value.split('.')
  return `${BigInt(w!)}.${f.padEnd(2, '0')}`
}

/** Runs one `finance` invocation in-process. `argv` excludes node and the script (`['report', 'month', …]`). */
export const runCli = async (argv: readonly string[], options: RunOptions = {}): Promise<number> => {
  const ctx = createCtx(options, async (env, dataDir) => (await import('./store.ts')).openStore(env, dataDir))
  const program = buildProgram(ctx)
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return ExitCode.Ok
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage
    if (e instanceof CliError) {
      ctx.err(`${ctx.colour.red('error:')} ${e.message}\n`)
      return e.exitCode
    }
    ctx.err(`${ctx.colour.red('error:')} ${(e as Error)?.message ?? String(e)}\n`)
    return ExitCode.UserError
  } finally {
    await ctx.close()
  }
}
