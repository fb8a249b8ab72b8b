/**
 * First start on an empty store: creates the first ADMIN from `FINANCE_ADMIN_EMAIL`/`FINANCE_ADMIN_PASSWORD`, or
 * with a generated password that is returned once so `main` can print it (like Jenkins' initial admin password).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import type { Accounts } from '@finance/books'

export interface BootstrapResult {
  readonly email: string
  /** Present only when the password was generated now (print it once). */
  readonly generatedPassword?: string
}

/**
 * The data directory holds the database, `secrets.json` and the outbox (reset links inside): owner-only (0700),
 * created so or tightened when an older version left it open to others.
 */
export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700)
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
