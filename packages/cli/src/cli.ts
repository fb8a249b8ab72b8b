/**
 * The `finance` command. `runCli(argv, options)` parses and runs one command in-process and resolves to the
 * exit code: 0 ok, 1 user error (clear message on stderr), 2 usage error (commander's errors, mapped through
 * `exitOverride`). `main.ts` wires it to the real process. Messages, prompts and errors are in the language of
 * `--lang` (Polish by default), commander's own usage errors included.
 */
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { Bounds, isLocalDate } from '@finance/ledger-core/calendar'
import pkg from '../package.json' with { type: 'json' }
import type { ResetTarget } from './commands/reset.ts'
import { type Ctx, createCtx, type RunOptions } from './context.ts'
import { CliError, ExitCode, usageError } from './errors.ts'
import { type CsvDialect, EXCEL_PL, RFC4180 } from './format.ts'
import { LANGS, type Lang, type MessageArgs, type MessageKey, translate } from './i18n.ts'

// Command modules load on first use, so `--help` and usage errors start fast and need no store or core.
const commands = {
  report: () => import('./commands/report.ts'),
  vatReport: () => import('./commands/vatReport.ts'),
  vatRefund: () => import('./commands/vatRefund.ts'),
  annual: () => import('./commands/annual.ts'),
  reset: () => import('./commands/reset.ts'),
  replay: () => import('./commands/replay.ts'),
  diff: () => import('./commands/diff.ts'),
  export: () => import('./commands/export.ts'),
  import: () => import('./commands/import.ts'),
  users: () => import('./commands/users.ts'),
  books: () => import('./commands/books.ts'),
  assets: () => import('./commands/assets.ts'),
  ksef: () => import('./commands/ksef.ts'),
  backup: () => import('./commands/backup.ts'),
  erasure: () => import('./commands/erasure.ts'),
  ksefOnline: () => import('./commands/ksefOnline.ts'),
  bank: () => import('./commands/bank.ts'),
  rates: () => import('./commands/rates.ts'),
  whitelist: () => import('./commands/whitelist.ts'),
  invoices: () => import('./commands/invoices.ts'),
  setup: () => import('./commands/setup.ts'),
}

export type { RunOptions } from './context.ts'

/**
 * The years the CLI accepts in months, years, dates and timestamps: the books' own window (the core's `Bounds`, the
 * API's too), so a typo such as 9999 is an error, not a report.
 */
export const MIN_YEAR = Number(Bounds.dateMin.slice(0, 4))
export const MAX_YEAR = Number(Bounds.dateMax.slice(0, 4))

/**
 * The years of a tax book (`finance books`, as the API's `books/{year}`): the books' window up to the last year the
 * JPK files' dates reach (their schemas' date type ends on 2050-12-31).
 */
export const MAX_BOOKS_YEAR = 2050

const inYears = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/

/** The argument parsers, with their messages in `lang`. Each rejects what is not a real date in range. */
const parsers = (lang: Lang) => {
  const fail = <K extends MessageKey>(key: K, ...values: MessageArgs<K>): never => {
    throw new InvalidArgumentError(translate(lang, key, ...values))
  }
  const month = (value: string): string => {
    const m = MONTH.exec(value)
    return m && inYears(Number(m[1])) ? value : fail('badMonth', MIN_YEAR, MAX_YEAR)
  }
  const date = (value: string): boolean => isLocalDate(value) && inYears(Number(value.slice(0, 4)))
  return {
    month,
    year: (value: string): number =>
      /^\d{4}$/.test(value) && inYears(Number(value)) ? Number(value) : fail('badYear', MIN_YEAR, MAX_YEAR),
    /** The year of a tax book: `MIN_YEAR`–`MAX_BOOKS_YEAR`. */
    booksYear: (value: string): number =>
      /^\d{4}$/.test(value) && Number(value) >= MIN_YEAR && Number(value) <= MAX_BOOKS_YEAR
        ? Number(value)
        : fail('badYear', MIN_YEAR, MAX_BOOKS_YEAR),
    /**
     * An ISO-8601 timestamp (with `Z` or an offset) or a date, which means the end of that day in UTC (as ledger-core's
     * `replay` reads it: `2026-03-01` = `2026-03-01T23:59:59.999Z`), normalised to ISO UTC. `2025-02-30` and
     * `T24:00` are errors, never rolled over to another day.
     */
    timestamp: (value: string): string => {
      if (date(value)) return new Date(`${value}T23:59:59.999Z`).toISOString()
      const t = TIMESTAMP.exec(value)
      if (!t || !date(t[1]!)) return fail('badTimestamp')
      return new Date(value).toISOString()
    },
    /** A month `YYYY-MM` or a date `YYYY-MM-DD` (export bounds). */
    period: (value: string): string => (MONTH.test(value) ? month(value) : date(value) ? value : fail('badPeriod')),
    /** A thread count for `replay --threads`: an integer from 1 to 64. */
    threads: (value: string): number =>
      /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64 ? Number(value) : fail('badThreads'),
    /** A date `YYYY-MM-DD` (a tax date, a day of rates). */
    day: (value: string): string => (date(value) ? value : fail('badDate', MIN_YEAR, MAX_YEAR)),
    /** A positive whole id (a draft invoice's). */
    id: (value: string): number => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : fail('badId')),
    /** An item's id in the books (an income or an expense). */
    itemId: (value: string): number => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : fail('badItemId')),
    /** A bank statement line's id, as `finance bank unmatched` and `matched` print it (16 hex digits). */
    lineId: (value: string): string => (/^[0-9a-f]{16}$/.test(value) ? value : fail('badLineId')),
    /** A month number 1–12 (`3` or `03`). */
    monthNumber: (value: string): number => (/^(0?[1-9]|1[0-2])$/.test(value) ? Number(value) : fail('badMonthNumber')),
    /** An amount, not negative, with at most two decimals; normalised to two decimals (`12.5` → `12.50`). */
    amount: (value: string): string => {
      if (!/^\d{1,15}(\.\d{1,2})?$/.test(value)) return fail('badAmount')
      const [w, f = ''] = value.split('.')
      return `${BigInt(w!)}.${f.padEnd(2, '0')}`
    },
    /** A JPK_V7 period: a month `YYYY-MM` (JPK_V7M) or a quarter `YYYY-Qn` (JPK_V7K). */
    vatPeriod: (value: string): string => {
      const m = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/.exec(value)
      return m && inYears(Number(m[1])) ? value : fail('badVatPeriod')
    },
  }
}

const english = parsers('en')
export const parseMonth = english.month
export const parseYear = english.year
export const parseTimestamp = english.timestamp
export const parsePeriod = english.period
export const parseThreads = english.threads
export const parseMonthNumber = english.monthNumber
export const parseAmount = english.amount

/** `--lang` as given anywhere on the command line (help and parse errors are written before the options are read). */
const langOf = (argv: readonly string[]): Lang => {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const value = a === '--lang' ? argv[i + 1] : a.startsWith('--lang=') ? a.slice('--lang='.length) : undefined
    if (value !== undefined && (LANGS as readonly string[]).includes(value)) return value as Lang
  }
  return 'pl'
}

/** Commander's usage errors in Polish (its English texts are the pattern). */
const POLISH_USAGE: readonly (readonly [RegExp, string])[] = [
  [/^option '(.+)' argument '(.*)' is invalid\.\s*/s, "opcja '$1': błędna wartość '$2'. "],
  [/^command-argument value '(.*)' is invalid for argument '(.+)'\.\s*/s, "argument '$2': błędna wartość '$1'. "],
  [/^missing required argument '(.+)'/, "brak wymaganego argumentu '$1'"],
  [/^option '(.+)' argument missing/, "opcja '$1' wymaga wartości"],
  [/^required option '(.+)' not specified/, "brak wymaganej opcji '$1'"],
  [/^unknown option '(.+?)'/, "nieznana opcja '$1'"],
  [/^unknown command '(.+?)'/, "nieznane polecenie '$1'"],
  [
    /^too many arguments( for '.+')?\. Expected (\d+) arguments? but got (\d+)(: .*)?\./,
    'za dużo argumentów: oczekiwano $2, podano $3$4.',
  ],
  [/Allowed choices are (.+)\./, 'Dozwolone wartości: $1.'],
  [/\(Did you mean (?:one of )?(.+)\?\)/, '(Czy chodziło o $1?)'],
]

/** A commander error message without its `error: ` prefix, in `lang`. */
export const usageMessage = (lang: Lang, message: string): string => {
  const text = message.replace(/^error: /, '')
  return lang === 'en' ? text : POLISH_USAGE.reduce((s, [pattern, pl]) => s.replace(pattern, pl), text)
}

/**
 * A range given on the command line (`export --from/--to`, `diff --from/--to`, `rates fetch FROM TO`) that ends
 * before it starts: a usage error (exit 2), found before the store is opened, whatever the command.
 */
const orderedRange = (from: string, to: string, ordered: boolean): void => {
  if (!ordered) throw usageError('rangeReversed', from, to)
}

const userOption = () => new Option('-u, --user <email>', "the user's e-mail address")
const requiredUser = () => userOption().makeOptionMandatory()

interface OutputFlags {
  readonly json?: boolean
  readonly csv?: boolean
  readonly excel?: boolean
}

export type Output = { readonly format: 'table' | 'json' } | { readonly format: 'csv'; readonly dialect: CsvDialect }

const outputOf = (o: OutputFlags): Output => {
  if (o.json && (o.csv || o.excel)) throw usageError('jsonOrCsv')
  if (o.json) return { format: 'json' }
  if (o.csv || o.excel) return { format: 'csv', dialect: o.excel ? EXCEL_PL : RFC4180 }
  return { format: 'table' }
}

const excelOption = () =>
  new Option('--excel', 'print CSV for a Polish Excel: semicolons, decimal comma, a byte order mark (implies --csv)')

const EXAMPLES: Record<string, readonly string[]> = {
  'report month': [
    'finance report month 2026-02 --user anna@example.com',
    'finance report month 2026-02 --user anna@example.com --lang en --json',
  ],
  'report year': [
    'finance report year 2026 --user anna@example.com --csv > 2026.csv',
    'finance report year 2026 --user anna@example.com --excel > 2026.csv',
  ],
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
    'finance export --format csv --excel --from 2026-01 --to 2026-12 --out 2026.csv',
    'finance export --format ledger --user anna@example.com --out anna.journal && hledger -f anna.journal bal -M',
  ],
  import: ['finance --data ./restored import backup.jsonl', 'finance import anna-my-data.jsonl'],
  backup: ['finance backup --out /backups/finance.sqlite', 'finance backup verify /backups/finance.sqlite'],
  restore: ['finance --data ./restored restore /backups/finance.sqlite'],
  'users delete': ['finance users delete anna@example.com'],
  'users purge': ['finance users purge --dry-run', 'finance users purge'],
  'import ksef': [
    'finance import ksef ~/Pobrane/*.xml --user anna@example.com',
    'finance import ksef faktura.xml --ksef-number 5265877635-20260305-0100001AF629-82 --user anna@example.com',
  ],
  'import bank': [
    'finance import bank ~/Pobrane/wyciag_2026_01.sta ~/Pobrane/wyciag_2026_02.xml --user anna@example.com',
    'finance import bank ~/Pobrane/historia_2026-11.csv --account "84 1020 1026 0000 1202 0345 6789" --user anna@example.com',
  ],
  'bank unmatched': ['finance bank unmatched --user anna@example.com'],
  'bank matched': ['finance bank matched --user anna@example.com'],
  'bank unmatch': ['finance bank unmatch 3f2a9c0d11e4b7a5 --user anna@example.com'],
  'rates import': ['finance rates import ~/Pobrane/archiwum_tab_a_2026.csv --user anna@example.com'],
  'rates fetch': ['finance rates fetch 2026-04-01 2026-06-30 --user anna@example.com'],
  'rates show': ['finance rates show EUR 2026-05-04 --user anna@example.com'],
  'rates choose': ['finance rates choose ecb --from 2026-07-01 --user anna@example.com'],
  'whitelist import': ['finance whitelist import ~/Pobrane/20261127.json --user anna@example.com'],
  'invoices list': ['finance invoices list --user anna@example.com'],
  'invoices issue': ['finance invoices issue 42 --user anna@example.com'],
  'jpk v7': [
    'finance jpk v7 2026-03 --user anna@example.com --out JPK_V7M_2026-03.xml',
    'finance jpk v7 2026-Q1 --user anna@example.com --out JPK_V7K_2026-Q1.xml',
  ],
  'vat refund': [
    'finance vat refund 2026-03 --user anna@example.com',
    'finance vat refund 2026-03 --amount 3000 --term days25 --offset-amount 500 --offset-liability "PIT advance" --user anna@example.com',
    'finance vat refund 2026-03 --withdraw --user anna@example.com',
  ],
  'jpk validate': [
    'finance jpk validate JPK_V7M_2026-03.xml',
    'finance jpk validate JPK_V7M_2026-03.xml --xsd ~/Pobrane/Schemat_JPK_V7M(3)_v1-0E.xsd',
  ],
  books: [
    'finance books 2026 --user anna@example.com',
    'finance books 2026 --month 03 --user anna@example.com --lang en',
    'finance books 2026 --user anna@example.com --format xml --out JPK_PKPIR_2026.xml',
  ],
  'assets list': [
    'finance assets list --user anna@example.com',
    'finance assets list --year 2026 --user anna@example.com --format csv > srodki-2026.csv',
  ],
  'assets plan': [
    'finance assets plan 3 --user anna@example.com',
    'finance assets plan 3 --monthly --user anna@example.com --format csv',
  ],
  'users add': ['finance users add admin@example.com --role ADMIN'],
  'users list': ['finance users list --json'],
  'users set-role': ['finance users set-role anna@example.com ADMIN'],
  'users set-password': ['finance users set-password anna@example.com'],
}

const ROOT_HELP = `
Store: FINANCE_STORE (sqlite|postgres|kurrentdb|memory), FINANCE_DATA_DIR, DATABASE_URL, KURRENTDB_URL, or --data DIR.
Only \`users add\`, \`import\` and \`restore\` create a store; every other command needs an existing one.
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
  const parse = parsers(ctx.lang)
  const program = new Command('finance')
  program
    .description('Finance books from the terminal: reports, resets, audit replay, export/import, users')
    .version(pkg.version, '-V, --version', 'print the version')
    .exitOverride()
    // Errors are printed by runCli, in the run's language; help and the version go to stdout as usual.
    .configureOutput({ writeOut: (s) => ctx.out(s), writeErr: (s) => ctx.err(s), outputError: () => {} })
    .option('--data <dir>', 'data directory of the SQLite store (overrides FINANCE_DATA_DIR)')
    .addOption(new Option('--lang <lang>', 'language of messages, headings and labels').choices(LANGS).default('pl'))
    .hook('preAction', (_this, action) => {
      ctx.dataDir = action.optsWithGlobals<{ data?: string }>().data
    })

  const report = program.command('report').description("print a user's monthly or yearly report")
  report
    .command('month')
    .description(
      "the month's transactions, VAT/PIT/ZUS obligations with due dates and paid state, and the cost summary",
    )
    .argument('<month>', 'YYYY-MM', parse.month)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .addOption(excelOption())
    .action(async (month: string, o: OutputFlags & { user: string }) =>
      (await commands.report()).reportMonth(ctx, month, o.user, outputOf(o)),
    )
  report
    .command('vat')
    .description('the VAT return of the period the month ends, field by field (as the VAT card and JPK_V7)')
    .argument('<month>', 'YYYY-MM', parse.month)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .action(async (month: string, o: OutputFlags & { user: string }) =>
      (await commands.vatReport()).reportVat(ctx, month, o.user, outputOf(o)),
    )
  report
    .command('year')
    .description('the yearly summary table (12 months and the year)')
    .argument('<year>', 'YYYY', parse.year)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .addOption(excelOption())
    .option('--cumulative', 'running totals instead of monthly figures')
    .action(async (year: number, o: OutputFlags & { user: string; cumulative?: boolean }) => {
      if (o.cumulative && o.json) throw usageError('cumulativeJson')
      return (await commands.report()).reportYear(ctx, year, o.user, outputOf(o), o.cumulative === true)
    })

  report
    .command('annual')
    .description(
      'the year end: PIT-36/36L/28 and the annual health settlement with their due dates, and the forms of taxation compared (projected months marked)',
    )
    .argument('<year>', 'YYYY', parse.year)
    .addOption(requiredUser())
    .option('--flat-rate <percent>', 'the ryczałt rate to compare with (default: yours, else 8.5)')
    .option('--json', 'print JSON')
    .option('--csv', 'print CSV (RFC 4180)')
    .addOption(excelOption())
    .action(async (year: number, o: OutputFlags & { user: string; flatRate?: string }) =>
      (await commands.annual()).reportAnnual(ctx, year, o.user, outputOf(o), o.flatRate ?? null),
    )

  program
    .command('setup')
    .description('the first-run set-up from a JSON file: company data, VAT, PIT per year, ZUS — all written or none')
    .argument('<file>', 'JSON { company, vat?, pit: [...], socialSecurity } as POST /api/setup takes it')
    .addOption(requiredUser())
    .action(async (file: string, o: { user: string }) => (await commands.setup()).setupCommand(ctx, file, o.user))

  const reset = program
    .command('reset')
    .description('clear the flags (completed, notification, sent) of transactions, recorded as events')
  /** `reset month|year`: the same command for either period, as the dashboard's two Reset buttons. */
  const resetPeriod = <P extends string | number>(
    kind: ResetTarget['kind'],
    format: string,
    parser: (value: string) => P,
    target: (period: P) => ResetTarget,
  ) =>
    reset
      .command(kind)
      .description(`clear the flags of a ${kind}'s transactions (as the dashboard's 'Reset current ${kind}')`)
      .argument(`<${kind}>`, format, parser)
      .addOption(requiredUser())
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (period: P, o: { user: string; yes?: boolean }) =>
        (await commands.reset()).resetCommand(ctx, target(period), o.user, o.yes === true),
      )
  resetPeriod('month', 'YYYY-MM', parse.month, (month) => ({ kind: 'month', month }))
  resetPeriod('year', 'YYYY', parse.year, (year) => ({ kind: 'year', year }))

  program
    .command('replay')
    .description('rebuild every projection from the whole event log; with --as-of show the books at that moment')
    .option(
      '--as-of <timestamp>',
      'stop at events created after this moment (ISO-8601, or YYYY-MM-DD = end of that day UTC)',
      parse.timestamp,
    )
    .addOption(userOption())
    .option('--month <month>', 'month to show with --user (default: the month of --as-of or today)', parse.month)
    .option(
      '--threads <n>',
      'fold on this many threads (default: one per core, up to 4, for a large log)',
      parse.threads,
    )
    .option('--digest', "print a SHA-256 digest of every user's books, to compare two replays")
    .option('--json', 'print JSON')
    .action(
      async (o: {
        asOf?: string
        user?: string
        month?: string
        json?: boolean
        threads?: number
        digest?: boolean
      }) => {
        // Each mode's own options: a month of one user's books, the threads and digest of the whole log's replay.
        if (o.month !== undefined && o.user === undefined) throw usageError('monthNeedsUser')
        if (o.user !== undefined && (o.threads !== undefined || o.digest)) throw usageError('replayUserAlone')
        return (await commands.replay()).replayCommand(ctx, {
          asOf: o.asOf,
          user: o.user,
          month: o.month,
          json: o.json === true,
          threads: o.threads,
          digest: o.digest === true,
        })
      },
    )

  program
    .command('diff')
    .description('list which events changed which figures between two moments')
    .requiredOption('--from <timestamp>', 'the earlier moment', parse.timestamp)
    .requiredOption('--to <timestamp>', 'the later moment', parse.timestamp)
    .addOption(userOption())
    .option('--json', 'print JSON')
    .action(async (o: { from: string; to: string; user?: string; json?: boolean }) => {
      orderedRange(o.from, o.to, Date.parse(o.from) <= Date.parse(o.to))
      return (await commands.diff()).diffCommand(ctx, { from: o.from, to: o.to, user: o.user, json: o.json === true })
    })

  program
    .command('export')
    .description(
      'export the history (json lines), the computed transactions (csv) or an hledger/ledger journal of the books',
    )
    .addOption(
      new Option('-f, --format <format>', "json | csv | ledger | finance (one user's own data, to import elsewhere)")
        .choices(['json', 'csv', 'ledger', 'finance'])
        .makeOptionMandatory(),
    )
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .addOption(userOption().default(undefined, 'all users'))
    .option('--from <period>', 'csv and ledger: first month (YYYY-MM) or date (YYYY-MM-DD)', parse.period)
    .option('--to <period>', 'csv and ledger: last month (YYYY-MM) or date (YYYY-MM-DD)', parse.period)
    .addOption(new Option('--excel', 'csv: for a Polish Excel (semicolons, decimal comma, a byte order mark)'))
    .action(
      async (o: {
        format: 'json' | 'csv' | 'ledger' | 'finance'
        out?: string
        user?: string
        from?: string
        to?: string
        excel?: boolean
      }) => {
        if ((o.from !== undefined || o.to !== undefined) && (o.format === 'json' || o.format === 'finance'))
          throw usageError('boundsFormat')
        if (o.format === 'finance' && o.user === undefined) throw usageError('financeNeedsUser')
        if (o.excel && o.format !== 'csv') throw usageError('excelNeedsCsv')
        // A month and a date compare on what both name: --from 2026-05 --to 2026-05-10 is in order.
        if (o.from !== undefined && o.to !== undefined)
          orderedRange(o.from, o.to, o.from.slice(0, o.to.length) <= o.to.slice(0, o.from.length))
        return (await commands.export()).exportCommand(ctx, { ...o, dialect: o.excel ? EXCEL_PL : RFC4180 })
      },
    )

  program
    .command('import')
    .description(
      "restore a JSON-lines export into an empty store, or a user's own data (--format finance) into any store that lacks that user (validated first; nothing is written on error)",
    )
    .argument('<file>', 'events.jsonl written by `finance export --format json` or `--format finance`')
    .addOption(
      new Option(
        '--role <role>',
        "a user's own data: the account's role here (default USER, whatever the file says; a whole history keeps its roles)",
      ).choices(['USER', 'ADMIN']),
    )
    // `--role` after `import ksef` or `import bank` would be read as this command's and go unused.
    .hook('preSubcommand', (command) => {
      if (command.opts().role !== undefined) throw usageError('importRoleUserData')
    })
    .action(async (file: string, o: { role?: 'USER' | 'ADMIN' }) =>
      (await commands.import()).importCommand(ctx, file, { role: o.role }),
    )
    .command('ksef')
    .description('import KSeF FA(3) invoices (XML) as incomes or expenses; a line per file says what it became')
    .argument('<files...>', 'FA(3) XML files as downloaded from KSeF (the KSeF number is read from a file name)')
    .addOption(requiredUser())
    .option('--ksef-number <number>', 'the KSeF number of a single file whose name does not carry it')
    .option('--json', 'print the report as JSON')
    .action(async (files: string[], o: { user: string; ksefNumber?: string; json?: boolean }) => {
      if (o.ksefNumber !== undefined && files.length !== 1) throw usageError('ksefNumberOneFile')
      return (await commands.ksef()).importKsefCommand(ctx, files, o)
    })

  registerBooks(program, ctx)
  registerAssets(program, ctx)
  registerJpk(program, ctx)
  registerVat(program, ctx)
  registerBackup(program, ctx)
  registerKsef(program, ctx)
  registerBank(program, ctx)
  registerRates(program, ctx)
  registerWhiteList(program, ctx)
  registerInvoices(program, ctx)

  const users = program.command('users').description('user administration')
  users
    .command('delete')
    .description('delete an account: its login ends at once, its books are kept for the legal retention period')
    .argument('<email>', 'e-mail address')
    .action(async (email: string) => (await commands.erasure()).usersDelete(ctx, email))
  users
    .command('purge')
    .description('erase for good the data of deleted accounts whose retention period has ended')
    .option('--dry-run', 'only list the accounts that are due')
    .option('--json', 'print JSON')
    .action(async (o: { dryRun?: boolean; json?: boolean }) =>
      (await commands.erasure()).usersPurge(ctx, { dryRun: o.dryRun === true, json: o.json === true }),
    )
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
  const parse = parsers(ctx.lang)
  program
    .command('books')
    .description("a year's tax book (KPiR or ewidencja przychodów) or its JPK_PKPIR / JPK_EWP file")
    .argument('<year>', 'YYYY', parse.booksYear)
    .addOption(requiredUser())
    .option('-m, --month <month>', 'only this month (MM)', parse.monthNumber)
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
    .option('--inventory-start <amount>', 'xml, JPK_PKPIR: stock-taking at the start of the year (P_1)', parse.amount)
    .option('--inventory-end <amount>', 'xml, JPK_PKPIR: stock-taking at the end of the year (P_2)', parse.amount)
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
        command: Command,
      ) => {
        // The options of one format or one book, refused where they would change nothing (`--purpose` has a default).
        const inventory = o.inventoryStart !== undefined || o.inventoryEnd !== undefined
        if (o.form !== undefined && o.format !== 'csv' && o.format !== 'xml') throw usageError('formNeedsCsvXml')
        if (o.format !== 'xml' && (command.getOptionValueSource('purpose') === 'cli' || inventory))
          throw usageError('xmlOnlyOptions')
        if (inventory && o.form === 'JPK_EWP') throw usageError('inventoryPkpir')
        return (await commands.books()).booksCommand(ctx, year, { ...o, purpose: Number(o.purpose) as 0 | 1 | 2 })
      },
    )
}

/** `finance assets list|plan`: the register of fixed assets and an asset's depreciation plan. */
const registerAssets = (program: Command, ctx: Ctx) => {
  const assets = program.command('assets').description('the register of fixed assets and their depreciation plans')
  const format = () =>
    new Option('-f, --format <format>', 'table | csv | json').choices(['table', 'csv', 'json']).default('table')
  assets
    .command('list')
    .description('the register as of the end of a year: values, write-offs for the year and to date')
    .addOption(requiredUser())
    .option('-y, --year <year>', 'YYYY (default: this year)', parsers(ctx.lang).year)
    .addOption(format())
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .action(async (o: { user: string; year?: number; format: 'table' | 'csv' | 'json'; out?: string }) =>
      (await commands.assets()).assetsListCommand(ctx, o),
    )
  assets
    .command('plan')
    .description("an asset's depreciation plan, year by year (or month by month with --monthly)")
    .argument('<number>', "the asset's number in the register")
    .addOption(requiredUser())
    .option('--monthly', 'the write-offs as booked, month by month')
    .addOption(format())
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .action(
      async (number: string, o: { user: string; monthly?: boolean; format: 'table' | 'csv' | 'json'; out?: string }) =>
        (await commands.assets()).assetsPlanCommand(ctx, number, o),
    )
}

/** `finance jpk v7` and `finance jpk validate`: the VAT file of a period, and a check against any schema. */
const registerJpk = (program: Command, ctx: Ctx) => {
  const jpk = program.command('jpk').description('JPK_V7M / JPK_V7K files: write one, check one against a schema')
  jpk
    .command('v7')
    .description('the JPK_V7M (a month) or JPK_V7K (a quarter) file: VAT register and declaration')
    .argument('<period>', 'YYYY-MM or YYYY-Qn', parsers(ctx.lang).vatPeriod)
    .addOption(requiredUser())
    .addOption(new Option('--purpose <n>', '1 first filing, 2 correction').choices(['1', '2']).default('1'))
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .action(async (period: string, o: { user: string; purpose: '1' | '2'; out?: string }) =>
      (await commands.ksef()).jpkV7Command(ctx, period, { ...o, purpose: o.purpose === '2' ? 2 : 1 }),
    )
  jpk
    .command('validate')
    .description('check an XML file against a schema (default: the vendored one its form code names)')
    .argument('<file>', 'the XML file')
    .option('--xsd <path>', 'the schema file (its imports are looked for beside it, then among the vendored ones)')
    .action(async (file: string, o: { xsd?: string }) => (await commands.ksef()).jpkValidateCommand(ctx, file, o))
}

/** `finance vat refund`: a refund of the excess of input VAT asked for in a period's declaration (uVAT art. 87). */
const registerVat = (program: Command, ctx: Ctx) => {
  const vat = program.command('vat').description("VAT: a refund of the excess of input VAT in a period's declaration")
  vat
    .command('refund')
    .description(
      'ask for all or part of the excess of the period the month ends back (P_54), in a term, part of it set against future liabilities; --withdraw takes it back',
    )
    .argument('<month>', 'YYYY-MM', parsers(ctx.lang).month)
    .addOption(requiredUser())
    .option('--amount <zl>', 'whole złoty to refund (default: the whole excess)')
    .option(
      '--term <term>',
      'days15, vatAccount25, days25, days40, days60 (before February 2026) or days180 (default: the general term, 60 days before February 2026, then 40)',
    )
    .option('--offset-amount <zl>', 'whole złoty of it set against future tax liabilities (P_60)')
    .option('--offset-liability <text>', 'the future tax liability (P_61)')
    .option('--withdraw', 'withdraw the refund: the excess is carried forward whole')
    .option('--json', 'print JSON')
    .action(async (month: string, o: OutputFlags & import('./commands/vatRefund.ts').VatRefundOptions) =>
      (await commands.vatRefund()).vatRefundCommand(ctx, month, o, outputOf(o)),
    )
}

/** `finance backup`, `finance backup verify` and `finance restore`: a copy of the whole store and its restore. */
const registerBackup = (program: Command, ctx: Ctx) => {
  const backup = program
    .command('backup')
    .description('a consistent copy of the whole store while the server runs, with its checksum and replay digest')
    .option('-o, --out <file>', 'the backup file (default: finance-backup-{time}.sqlite here)')
    .option('--json', 'print JSON')
    .action(async (o: { out?: string; json?: boolean }) =>
      (await commands.backup()).backupCommand(ctx, { out: o.out, json: o.json === true }),
    )
  backup
    .command('verify')
    .description("check a backup's format, checksum and replay digest without restoring it")
    .argument('<file>', 'a file written by `finance backup`')
    .action(async (file: string) => (await commands.backup()).verifyCommand(ctx, file))
  program
    .command('restore')
    .description('restore a backup into an empty store, then replay it and compare the digest it recorded')
    .argument('<file>', 'a file written by `finance backup`')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { json?: boolean }) =>
      (await commands.backup()).restoreCommand(ctx, file, { json: o.json === true }),
    )
}

/** `finance ksef status|send|fetch`: KSeF online with the token the user stored in the app. */
const registerKsef = (program: Command, ctx: Ctx) => {
  const itemId = parsers(ctx.lang).itemId
  const ksef = program
    .command('ksef')
    .description(
      'KSeF online: send issued invoices (or keep them offline), fetch received ones, the status, the certificate, a PDF',
    )
  ksef
    .command('status')
    .description('the KSeF environment, whether a token is stored, the last fetch and sending')
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .action(async (o: { user: string; json?: boolean }) => (await commands.ksefOnline()).ksefStatusCommand(ctx, o))
  ksef
    .command('send')
    .description(
      'send the FA(3) invoice of a one-time income to KSeF and record its KSeF number; --all: every company income without one, in a batch session',
    )
    .argument('[id]', 'the income id', itemId)
    .addOption(requiredUser())
    .option('--all', 'every one-time company income without a KSeF number, in one batch session')
    .option('--offline', 'the invoices issued offline that wait for KSeF, sent with offlineMode')
    .option('--exemption-basis <text>', 'P_19A: the legal basis of an exempt sale')
    .option('--json', 'print JSON')
    .action(
      async (
        id: number | undefined,
        o: { user: string; exemptionBasis?: string; json?: boolean; all?: boolean; offline?: boolean },
      ) => (await commands.ksefOnline()).ksefSendCommand(ctx, id, o),
    )
  ksef
    .command('offline')
    .description(
      'issue the invoice of a one-time income offline (tryby-offline.md) and say by when it must be sent to KSeF',
    )
    .argument('<id>', 'the income id', itemId)
    .addOption(requiredUser())
    .addOption(
      new Option(
        '--mode <mode>',
        'offline24 (needs the KSeF certificate), offline (KSeF unavailable), awaryjny (failure)',
      )
        .choices(['offline24', 'offline', 'awaryjny'])
        .default('offline24'),
    )
    .option('--ended <date>', 'when the announced unavailability or failure ended (yyyy-mm-dd)')
    .option('--json', 'print JSON')
    .action(async (id: number, o: { user: string; mode?: string; ended?: string; json?: boolean }) =>
      (await commands.ksefOnline()).ksefOfflineCommand(ctx, id, o),
    )
  ksef
    .command('certificate')
    .description(
      'store the KSeF certificate of type Offline and its private key (PEM or DER) for KOD II; the key’s password from FINANCE_KSEF_KEY_PASSWORD',
    )
    .addOption(requiredUser())
    .option('--cert <file>', 'the certificate file (.crt, .pem, .cer)')
    .option('--key <file>', 'the private key file (.key, .pem)')
    .option('--forget', 'remove the stored certificate')
    .action(async (o: { user: string; cert?: string; key?: string; forget?: boolean }) =>
      (await commands.ksefOnline()).ksefCertificateCommand(ctx, o),
    )
  ksef
    .command('fetch')
    .description('fetch the invoices received in KSeF since the last fetch into the books')
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .action(async (o: { user: string; json?: boolean }) => (await commands.ksefOnline()).ksefFetchCommand(ctx, o))
  ksef
    .command('pdf')
    .description(
      'the invoice of an income, or of an expense fetched from KSeF, as a PDF with its KSeF number and QR code',
    )
    .argument('<id>', 'the income or expense id', itemId)
    .addOption(requiredUser())
    .option('--html', 'the HTML preview instead of the PDF')
    .option('--out <file>', 'where to write it (default: the invoice number, e.g. FV_7_2026.pdf)')
    .action(async (id: number, o: { user: string; html?: boolean; out?: string }) =>
      (await commands.ksefOnline()).ksefPdfCommand(ctx, id, o),
    )
}

/** `finance import bank` and `finance bank unmatched`: bank statements into the books, and the lines still unmatched. */
const registerBank = (program: Command, ctx: Ctx) => {
  const imports = program.commands.find((c) => c.name() === 'import')!
  imports
    .command('bank')
    .description('import bank statements (MT940, camt.053, CSV); a line per file, re-importing adds nothing')
    .argument('<files...>', 'statement files as the bank exports them')
    .addOption(requiredUser())
    .option('--preview', 'say what would be added and matched, write nothing')
    .option(
      '--account <iban>',
      "the account (IBAN or NRB) of a CSV export that does not name it (PKO BP's history); a file naming its own keeps it",
    )
    .option('--json', 'print the report as JSON')
    .action(async (files: string[], o: { user: string; preview?: boolean; account?: string; json?: boolean }) =>
      (await commands.bank()).importBankCommand(ctx, files, o),
    )
  const bank = program.command('bank').description('bank statements in the books')
  bank
    .command('unmatched')
    .description('the statement lines not matched yet, with the best suggestion for each')
    .addOption(requiredUser())
    .option('--json', 'print them as JSON')
    .action(async (o: { user: string; json?: boolean }) => (await commands.bank()).bankUnmatchedCommand(ctx, o))
  bank
    .command('matched')
    .description('the statement lines matched (or marked private or a transfer), newest first, with their ids')
    .addOption(requiredUser())
    .option('--json', 'print them as JSON')
    .action(async (o: { user: string; json?: boolean }) => (await commands.bank()).bankMatchedCommand(ctx, o))
  bank
    .command('unmatch')
    .description("undo a line's match, automatic or by hand: the line goes back to the queue")
    .argument('<line>', 'the line id, as `finance bank matched` prints it', parsers(ctx.lang).lineId)
    .addOption(requiredUser())
    .option('--json', 'print the line as JSON')
    .action(async (line: string, o: { user: string; json?: boolean }) =>
      (await commands.bank()).bankUnmatchCommand(ctx, line, o),
    )
}

/** `finance rates import|fetch|show|choose`: NBP (tables A and B) and ECB rates for items in a foreign currency. */
const registerRates = (program: Command, ctx: Ctx) => {
  const parseDate = parsers(ctx.lang).day
  const rates = program
    .command('rates')
    .description('exchange rates (NBP tables A and B, the ECB) for items in a foreign currency')
  rates
    .command('import')
    .description(
      'record the NBP yearly table A or B archive (archiwum_tab_a_YYYY.csv, archiwum_tab_b_YYYY.csv) in the books',
    )
    .argument('<file>', 'the archive as downloaded from nbp.pl (with --ecb: eurofxref-hist.csv or an eurofxref XML)')
    .addOption(requiredUser())
    .option(
      '--ecb',
      "the file is the ECB's reference rates (for VAT at the ECB rate, uVAT art. 31a ust. 1, second sentence)",
    )
    .option('--json', 'print JSON')
    .action(async (file: string, o: { user: string; json?: boolean; ecb?: boolean }) =>
      (await commands.rates()).ratesImportCommand(ctx, file, o),
    )
  rates
    .command('fetch')
    .description(
      'fetch NBP table A (B with --table B) from api.nbp.pl, or with --ecb the ECB rates, for a range of days and record it',
    )
    .argument('<from>', 'first day (yyyy-mm-dd)', parseDate)
    .argument('<to>', 'last day (yyyy-mm-dd)', parseDate)
    .addOption(requiredUser())
    .addOption(new Option('--table <table>', 'the NBP table: A (daily) or B (weekly)').choices(['A', 'B']))
    .option('--ecb', "fetch the ECB's reference rates instead (www.ecb.europa.eu)")
    .option('--json', 'print JSON')
    .action(async (from: string, to: string, o: { user: string; json?: boolean; ecb?: boolean; table?: 'A' | 'B' }) => {
      if (o.ecb && o.table !== undefined) throw usageError('tableNeedsNbp')
      orderedRange(from, to, from <= to)
      return (await commands.rates()).ratesFetchCommand(ctx, from, to, o)
    })
  rates
    .command('show')
    .description('the rate the books use for a tax date: the last working day before it with a table')
    .argument('<code>', 'currency code (EUR, USD …)')
    .argument('<day>', 'the tax date (yyyy-mm-dd)', parseDate)
    .addOption(requiredUser())
    .option('--ecb', 'the ECB rate (the last published before the day) instead of the NBP average rate')
    .option('--json', 'print JSON')
    .action(async (code: string, day: string, o: { user: string; json?: boolean; ecb?: boolean }) =>
      (await commands.rates()).ratesShowCommand(ctx, code, day, o),
    )
  rates
    .command('choose')
    .description(
      'the rate of a foreign-currency VAT base from a day: nbp (uVAT art. 31a ust. 1) or ecb (ust. 1, second sentence)',
    )
    .addArgument(new Argument('<rate>', 'nbp or ecb').choices(['nbp', 'ecb']))
    .requiredOption('--from <day>', 'the first day the choice applies to (yyyy-mm-dd)', parseDate)
    .addOption(requiredUser())
    .option('--json', 'print JSON')
    .action(async (choice: 'nbp' | 'ecb', o: { user: string; json?: boolean; from: string }) =>
      (await commands.rates()).ratesChooseCommand(ctx, choice, o),
    )
}

/** `finance whitelist import`: the VAT payers' flat file checked against the books' payments above 15 000 zł. */
const registerWhiteList = (program: Command, ctx: Ctx) => {
  program
    .command('whitelist')
    .description("the VAT payers' white list (wykaz podatników VAT)")
    .command('import')
    .description("check the payments above 15 000 zł against the Ministry's daily flat file and keep the evidence")
    .argument('<file>', 'the flat file (JSON, unpacked from the daily 7z)')
    .addOption(requiredUser())
    .option('--json', 'print the report as JSON')
    .action(async (file: string, o: { user: string; json?: boolean }) =>
      (await commands.whitelist()).whitelistImportCommand(ctx, file, o),
    )
}

/** `finance invoices list` and `finance invoices issue ID`: invoices as documents. */
const registerInvoices = (program: Command, ctx: Ctx) => {
  const invoices = program.command('invoices').description('invoices as documents: drafts, issued, sent to KSeF')
  invoices
    .command('list')
    .description('every invoice: number, date, gross, state and buyer')
    .addOption(requiredUser())
    .option('--json', 'print them as JSON')
    .action(async (o: { user: string; json?: boolean }) => (await commands.invoices()).invoicesListCommand(ctx, o))
  invoices
    .command('issue')
    .description('issue a draft: its number from its series and its incomes in the books, in one write')
    .argument('<id>', 'the draft’s id (finance invoices list)', parsers(ctx.lang).id)
    .addOption(requiredUser())
    .option('--json', 'print the issued invoice as JSON')
    .action(async (id: number, o: { user: string; json?: boolean }) =>
      (await commands.invoices()).invoicesIssueCommand(ctx, id, o),
    )
}

/** Runs one `finance` invocation in-process. `argv` excludes node and the script (`['report', 'month', …]`). */
export const runCli = async (argv: readonly string[], options: RunOptions = {}): Promise<number> => {
  const ctx = createCtx(options, async (env, dataDir, create) =>
    (await import('./store.ts')).openStore(env, dataDir, create),
  )
  ctx.lang = langOf(argv)
  const error = (text: string) => ctx.err(`${ctx.colour.red(ctx.t('error'))} ${text}\n`)
  const program = buildProgram(ctx)
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return ExitCode.Ok
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return ExitCode.Ok
      // Help shown because a command is missing (`finance report`) is not an error message.
      if (e.code !== 'commander.help') error(`${usageMessage(ctx.lang, e.message)}\n${ctx.t('usageHint')}`)
      return ExitCode.Usage
    }
    if (e instanceof CliError) {
      error(e.text(ctx.lang))
      return e.exitCode
    }
    const unknown = e as { name?: string; type?: string; schemaVersion?: number }
    if (unknown?.name === 'UnknownEventError') {
      error(ctx.t('unknownEvent', String(unknown.type), Number(unknown.schemaVersion)))
      return ExitCode.UserError
    }
    // Not a user's mistake: a short message, the details only when asked for.
    error(ctx.t('unexpected'))
    if ((ctx.env.FINANCE_DEBUG ?? '') !== '') ctx.err(`${(e as Error)?.stack ?? String(e)}\n`)
    return ExitCode.UserError
  } finally {
    await ctx.close()
  }
}
