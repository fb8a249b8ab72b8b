/**
 * First start on an empty store: creates the first ADMIN from `FINANCE_ADMIN_EMAIL`/`FINANCE_ADMIN_PASSWORD`, or
 * with a generated password that is returned once so `main` can print it (like Jenkins' initial admin password).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Accounts } from '@finance/books'

export interface BootstrapResult {
  readonly email: string
  /** Present only when the password was generated now (print it once). */
  readonly generatedPassword?: string
}

/** Gives `path` exactly `mode` when group or others have any access to it; a missing path is left alone. */
const tighten = (path: string, mode: number): void => {
  const stat = lstatSync(path, { throwIfNoEntry: false })
  // Never through a link: its target may be anything of anyone's.
  if (stat === undefined || stat.isSymbolicLink()) return
  if ((stat.mode & 0o077) !== 0) chmodSync(path, mode)
}

/**
 * The data directory holds the database, `secrets.json` (the JWT key, the registration and ADMIN api keys) and the
 * outbox (reset codes and accept keys in its messages): the directories owner-only (0700), the files 0600 — created
 * so, and tightened here on every start when an older version, a copy or a hand left them open to others (the
 * database files are tightened by the SQLite store when it opens them).
 */
export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  tighten(dir, 0o700)
  tighten(join(dir, 'secrets.json'), 0o600)
  const outbox = join(dir, 'outbox')
  const stat = lstatSync(outbox, { throwIfNoEntry: false })
  if (stat?.isDirectory()) {
    tighten(outbox, 0o700)
    for (const entry of readdirSync(outbox, { withFileTypes: true }))
      if (entry.isFile()) tighten(join(outbox, entry.name), 0o600)
  }
}

export const DEFAULT_ADMIN_EMAIL = 'admin@finance.local'

/** Generated passwords satisfy the SPEC §5 policy: random base64url plus one character of every required class. */
export const generatePassword = (): string => `${randomBytes(18).toString('base64url')}aZ7!`

export async function ensureAdmin(
  accounts: Accounts,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<BootstrapResult | null> {
  if ((await accounts.count()) > 0) return null
  const email = options.email ?? DEFAULT_ADMIN_EMAIL
  const password = options.password ?? generatePassword()
  const result = await accounts.register({ email, password, role: 'ADMIN', actor: 'system' })
  if (!result.ok) throw new Error(`Cannot create the first ADMIN ${email}: ${result.errors.join(' ')}`)
  return options.password ? { email } : { email, generatedPassword: password }
}
