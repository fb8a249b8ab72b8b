/**
 * What a command runs with: its streams, terminal facts, clock, language and the store. `runCli` builds it from
 * `RunOptions` so tests run every command in-process with a memory store, captured output and a fixed clock.
 */
import { describeStoreConfig, type EventStore } from '@finance/event-store'
import { dateInPoland } from '@finance/ledger-core/calendar'
import { CliError } from './errors.ts'
import { isSystemError, systemReason } from './files.ts'
import { type Palette, palette } from './format.ts'
import { type Lang, type MessageArgs, type MessageKey, translate } from './i18n.ts'
import type { Opened } from './store.ts'

/** Why the store could not be opened, in `lang`: the configuration's texts and a server that does not answer. */
const storeProblem = (lang: Lang, e: unknown, env: Readonly<Record<string, string | undefined>>): string => {
  const message = (e as Error).message ?? String(e)
  const code = (e as { code?: unknown }).code
  // A database server that does not answer (the driver's own text is Node's English): named by its masked URL.
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH')
    return translate(lang, 'storeUnreachable', describeStoreConfig(env).replace(/^store: /, ''))
  if (lang === 'en') return message
  const kind = /^FINANCE_STORE=(.*) is not a store; use one of (.*) \(default sqlite\)$/.exec(message)
  if (kind) return translate(lang, 'storeKindUnknown', kind[1]!, kind[2]!)
  const needs = /^FINANCE_STORE=(\w+) needs (\w+), for example (\S+)$/.exec(message)
  if (needs) return translate(lang, 'storeNeedsUrl', needs[1]!, needs[2]!, needs[3]!)
  return message
}

export interface Output {
  write(chunk: string): unknown
}

export interface RunOptions {
  /** Use this store instead of opening one from the environment (tests, benchmarks). Not closed by the CLI. */
  readonly store?: EventStore
  readonly stdout?: Output
  readonly stderr?: Output
  /** Where prompts read answers from. */
  readonly stdin?: NodeJS.ReadableStream
  /** Whether stdout/stderr is an interactive terminal: enables prompts, colour and progress bars. */
  readonly isTTY?: boolean
  /** The clock: a fixed moment (Date or ISO string) or a function. */
  readonly now?: Date | string | (() => Date)
  /** Environment for store selection and `NO_COLOR`; defaults to `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

export interface Ctx {
  readonly stdout: Output
  readonly stderr: Output
  readonly stdin: NodeJS.ReadableStream | undefined
  readonly isTTY: boolean
  readonly env: Readonly<Record<string, string | undefined>>
  readonly colour: Palette
  lang: Lang
  /** `--data DIR` given on the command line. */
  dataDir: string | undefined
  now(): Date
  /** Today's date in Poland (`yyyy-mm-dd`), the date every figure is computed for, as in the API. */
  today(): string
  t<K extends MessageKey>(key: K, ...values: MessageArgs<K>): string
  out(text: string): void
  err(text: string): void
  /**
   * Opens the store on first use (from `--data` and the environment unless one was injected). Only with `create` may
   * it create a new one (saying so on stderr); otherwise a missing store is an error naming where it was looked for.
   */
  store(options?: { readonly create?: boolean }): Promise<EventStore>
  /** The SQLite file the command created by opening the store, or null (import removes it again on failure). */
  readonly createdStore: Opened['created']
  /** The store was handed in (`RunOptions.store`): other threads or processes cannot open it from the configuration. */
  readonly storeInjected: boolean
  /** Registers cleanup to run when the command ends (prompts, …). */
  onClose(fn: () => void): void
  /** Runs the cleanups and closes the store if the CLI opened it. */
  close(): Promise<void>
}

export const createCtx = (
  options: RunOptions,
  openStore: (
    env: Readonly<Record<string, string | undefined>>,
    dataDir: string | undefined,
    create: boolean,
  ) => Promise<Opened>,
): Ctx => {
  const env = options.env ?? process.env
  const isTTY = options.isTTY ?? false
  const noColor = (env.NO_COLOR ?? '') !== ''
  const stdout = options.stdout ?? process.stdout
  const stderr = options.stderr ?? process.stderr
  const clock = options.now
  let opened: EventStore | undefined
  const cleanups: (() => void)[] = []
  let opening: Promise<EventStore> | undefined
  let created: Opened['created'] = null
  const ctx: Ctx = {
    stdout,
    stderr,
    stdin: options.stdin,
    isTTY,
    env,
    colour: palette(isTTY && !noColor),
    lang: 'pl',
    dataDir: undefined,
    now: () =>
      clock === undefined
        ? new Date()
        : typeof clock === 'function'
          ? clock()
          : typeof clock === 'string'
            ? new Date(clock)
            : new Date(clock.getTime()),
    today: () => dateInPoland(ctx.now()),
    t: (key, ...values) => translate(ctx.lang, key, ...values),
    out: (text) => {
      stdout.write(text)
    },
    err: (text) => {
      stderr.write(text)
    },
    store: async (o = {}) => {
      if (options.store) return options.store
      if (!opening) {
        opening = openStore(env, ctx.dataDir, o.create === true).then(
          (s) => {
            opened = s.store
            created = s.created
            if (created) ctx.err(`${ctx.t('storeCreated', created.file)}\n`)
            return s.store
          },
          (e: unknown) => {
            if (e instanceof CliError) throw e
            // The file system's refusal (the data directory is a file, may not be written) names the path.
            const path = (e as { path?: unknown }).path
            if (isSystemError(e) && typeof path === 'string')
              throw new CliError((lang) => translate(lang, 'cannotOpenStore', `${path}: ${systemReason(lang, e)}`))
            throw new CliError((lang) => translate(lang, 'cannotOpenStore', storeProblem(lang, e, env)))
          },
        )
      }
      return opening
    },
    get createdStore() {
      return created
    },
    storeInjected: options.store !== undefined,
    onClose: (fn) => {
      cleanups.push(fn)
    },
    close: async () => {
      for (const fn of cleanups.splice(0)) fn()
      if (opened) await opened.close()
      opened = undefined
    },
  }
  return ctx
}
