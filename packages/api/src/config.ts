/**
 * All configuration from the environment, read in one place. Secrets that the environment does not provide
 * (JWT key, registration key, ADMIN api key) are generated once into `{dataDir}/secrets.json` (mode 0600).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { prepareDataDir } from './bootstrap.ts'

export type Env = Readonly<Record<string, string | undefined>>

export interface Secrets {
  readonly jwtSecret: string
  readonly registrationKey: string
  readonly apiKey: string
}

export interface Config {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly adminEmail: string | undefined
  readonly adminPassword: string | undefined
  readonly secrets: Secrets
  readonly tokenMinutes: number
  /**
   * Absolute lifetime of a session in hours (`FINANCE_SESSION_MAX_HOURS`, default 12): refreshes never carry a token
   * past login + this; then the user logs in again.
   */
  readonly sessionMaxHours: number
  readonly smtpUrl: string | undefined
  /** Sender of e-mails (`FINANCE_MAIL_FROM`). */
  readonly mailFrom: string
  /** Origin of the web app, used in e-mailed links (`{publicUrl}/accept?key=…`). */
  readonly publicUrl: string
  /** Reminder job interval in ms; 0 disables the job. */
  readonly reminderIntervalMs: number
  readonly reminderLeadDays: number
  readonly webRoot: string
  /** Bytes; larger bodies are refused with 413. */
  readonly bodyLimit: number
  /** Login attempts per minute per account (e-mail), from any client (`FINANCE_LOGIN_RATE_LIMIT`). */
  readonly loginRateLimit: number
  /** Requests per minute per client address to each account route (`FINANCE_CLIENT_RATE_LIMIT`). */
  readonly clientRateLimit: number
  /**
   * Reverse proxies to trust for `X-Forwarded-For` (`FINANCE_TRUST_PROXY`): a hop count (`1`: the one proxy in front
   * of Finance; the client address is the entry it appended) or a list of proxy addresses/CIDR ranges; `false` (unset
   * or `0`) uses the socket's address.
   */
  readonly trustProxy: false | number | readonly string[]
  /** The scheduled backup (`FINANCE_BACKUP_DIR` set), or none. */
  readonly backup?: BackupConfig | undefined
  /**
   * The KSeF API address for every user (`FINANCE_KSEF_URL`, e.g. a simulator or a proxy); unset, each user's
   * environment (TEST / DEMO / PROD) picks the Ministry's address.
   */
  readonly ksefBaseUrl?: string
  /** The scheduled fetch of received invoices in ms (`FINANCE_KSEF_FETCH_INTERVAL_MS`, default 30 min); 0 or unset in tests: off. */
  readonly ksefFetchIntervalMs?: number
}

/** `FINANCE_BACKUP_DIR`, `FINANCE_BACKUP_INTERVAL_HOURS` (default 24), `FINANCE_BACKUP_KEEP` (default 7). */
export interface BackupConfig {
  readonly dir: string
  readonly intervalMs: number
  readonly keep: number
  /** The SQLite store's file, for SQLite's online backup; undefined for a store copied through the port. */
  readonly sqliteFile: string | undefined
}

/** The scheduled backup's settings from the environment; undefined when `FINANCE_BACKUP_DIR` is unset. */
export function backupConfigFrom(env: Env, cwd: string, dataDir: string): BackupConfig | undefined {
  const dir = nonEmpty(env.FINANCE_BACKUP_DIR)
  if (dir === undefined) return undefined
  const kind = (nonEmpty(env.FINANCE_STORE) ?? 'sqlite').toLowerCase()
  return {
    dir: resolve(cwd, dir),
    intervalMs: intFrom(env, 'FINANCE_BACKUP_INTERVAL_HOURS', 24, 1) * 3_600_000,
    keep: intFrom(env, 'FINANCE_BACKUP_KEEP', 7, 1),
    sqliteFile: kind === 'sqlite' ? join(dataDir, 'finance.sqlite') : undefined,
  }
}

const intFrom = (env: Env, name: string, fallback: number, min = 0): number => {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`)
  return n
}

/**
 * `FINANCE_TRUST_PROXY`: a hop count, or addresses and CIDR ranges separated by commas. "Trust every hop" (`true`)
 * is refused: it would let any client choose its own address by sending `X-Forwarded-For`.
 */
export function trustProxyFrom(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim()
  if (value === '' || value === '0') return false
  if (/^\d+$/.test(value)) return Number(value)
  const entries = value.split(',').map((e) => e.trim())
  const valid = (e: string) => {
    const [address = '', bits, extra] = e.split('/')
    const version = isIP(address)
    if (version === 0 || extra !== undefined) return false
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  }
  const bad = entries.find((e) => !valid(e))
  if (bad !== undefined)
    throw new Error(
      `FINANCE_TRUST_PROXY must be a hop count (e.g. 1) or proxy addresses / CIDR ranges separated by commas, got "${bad}"`,
    )
  return entries
}

const nonEmpty = (v: string | undefined): string | undefined => (v !== undefined && v.trim() !== '' ? v : undefined)

export interface SecretsResult {
  readonly secrets: Secrets
  /** Names of the secrets generated now (first start); main prints them once. */
  readonly generated: (keyof Secrets)[]
  readonly file: string
}

/** Environment first, then `{dataDir}/secrets.json`, then newly generated values written back with mode 0600. */
export function loadSecrets(env: Env, dataDir: string): SecretsResult {
  const file = join(dataDir, 'secrets.json')
  let stored: Partial<Secrets> = {}
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>
  const generated: (keyof Secrets)[] = []
  const pick = (key: keyof Secrets, envName: string): string => {
    const fromEnv = nonEmpty(env[envName])
    if (fromEnv) return fromEnv
    const fromFile = stored[key]
    if (typeof fromFile === 'string' && fromFile !== '') return fromFile
    generated.push(key)
    return randomBytes(32).toString('base64url')
  }
  const secrets: Secrets = {
    jwtSecret: pick('jwtSecret', 'FINANCE_JWT_SECRET'),
    registrationKey: pick('registrationKey', 'FINANCE_REGISTRATION_KEY'),
    apiKey: pick('apiKey', 'FINANCE_API_KEY'),
  }
  if (generated.length > 0) {
    prepareDataDir(dataDir)
    const toStore: Record<string, string> = { ...(stored as Record<string, string>) }
    for (const key of generated) toStore[key] = secrets[key]
    writeFileSync(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return { secrets, generated, file }
}

export interface LoadConfigOptions {
  /** Working directory relative paths resolve against (default `process.cwd()`). */
  readonly cwd?: string
  /** Secrets to use instead of reading/generating the file (tests). */
  readonly secrets?: Secrets
}

export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): Config & { generated: string[] } {
  const cwd = options.cwd ?? process.cwd()
  const dataDir = resolve(cwd, nonEmpty(env.FINANCE_DATA_DIR) ?? 'data')
  const port = intFrom(env, 'PORT', 3000)
  const host = nonEmpty(env.HOST) ?? '127.0.0.1'
  const fromFile = options.secrets ? { secrets: options.secrets, generated: [] } : loadSecrets(env, dataDir)
  return {
    port,
    host,
    dataDir,
    adminEmail: nonEmpty(env.FINANCE_ADMIN_EMAIL),
    adminPassword: nonEmpty(env.FINANCE_ADMIN_PASSWORD),
    secrets: fromFile.secrets,
    generated: fromFile.generated,
    tokenMinutes: intFrom(env, 'FINANCE_TOKEN_MINUTES', 20, 1),
    sessionMaxHours: intFrom(env, 'FINANCE_SESSION_MAX_HOURS', 12, 1),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.FINANCE_MAIL_FROM) ?? 'Finance <finance@localhost>',
    publicUrl: (
      nonEmpty(env.FINANCE_PUBLIC_URL) ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
    ).replace(/\/+$/, ''),
    reminderIntervalMs: intFrom(env, 'FINANCE_REMINDER_INTERVAL_MS', 15 * 60_000),
    reminderLeadDays: intFrom(env, 'FINANCE_REMINDER_LEAD_DAYS', 3),
    webRoot: resolve(cwd, nonEmpty(env.FINANCE_WEB_ROOT) ?? 'packages/web/dist'),
    bodyLimit: intFrom(env, 'FINANCE_BODY_LIMIT', 256 * 1024, 1024),
    loginRateLimit: intFrom(env, 'FINANCE_LOGIN_RATE_LIMIT', 10, 1),
    clientRateLimit: intFrom(env, 'FINANCE_CLIENT_RATE_LIMIT', 30, 1),
    trustProxy: trustProxyFrom(env.FINANCE_TRUST_PROXY),
    backup: backupConfigFrom(env, cwd, dataDir),
    ksefBaseUrl: nonEmpty(env.FINANCE_KSEF_URL),
    ksefFetchIntervalMs: intFrom(env, 'FINANCE_KSEF_FETCH_INTERVAL_MS', 30 * 60_000),
  }
}

/** A complete config for tests and benchmarks: fixed secrets, no reminder timer. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: resolve('data'),
    adminEmail: undefined,
    adminPassword: undefined,
    secrets: { jwtSecret: 'test-jwt-secret-0123456789abcdef', registrationKey: 'reg-key', apiKey: 'api-key' },
    tokenMinutes: 20,
    sessionMaxHours: 12,
    smtpUrl: undefined,
    mailFrom: 'Finance <finance@localhost>',
    publicUrl: 'http://localhost:3000',
    reminderIntervalMs: 0,
    reminderLeadDays: 3,
    webRoot: resolve('packages/web/dist'),
    bodyLimit: 256 * 1024,
    loginRateLimit: 10,
    clientRateLimit: 30,
    trustProxy: false,
    ...overrides,
  }
}
