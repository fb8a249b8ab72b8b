/** In-process runs of `finance` with captured output, a fixed clock and an injected store. */
import { PassThrough } from 'node:stream'
import { createAccounts, executeBooks } from '@finance/books'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core'
import { companyPrimary, vatSetting } from '@finance/ledger-core/testing'
import { runCli } from '../src/cli.ts'

export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export interface RunWith {
  readonly store?: EventStore
  readonly isTTY?: boolean
  readonly now?: string
  /** Lines typed at prompts. */
  readonly input?: string
  readonly env?: Record<string, string | undefined>
}

export const FIXED_NOW = '2026-03-15T10:00:00.000Z'

export const run = async (argv: readonly string[], w: RunWith = {}): Promise<Run> => {
  let stdout = ''
  let stderr = ''
  const stdin = new PassThrough()
  if (w.input !== undefined) stdin.end(w.input)
  const code = await runCli(argv, {
    ...(w.store ? { store: w.store } : {}),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    isTTY: w.isTTY ?? false,
    now: w.now ?? FIXED_NOW,
    env: w.env ?? {},
  })
  return { code, stdout, stderr }
}

export const ANNA = 'anna@example.com'

/**
 * A memory store with one registered trader (Anna unless told), and `exec` to run a ledger command as her at `at`
 * (the command's own `at` wins); a refused command throws with the refusal.
 */
export const seedUser = async ({ email = ANNA, password = 'Anna-Pass1', at = FIXED_NOW } = {}) => {
  const store = createMemoryStore()
  const user = await createAccounts(store, { hashCost: 4 }).register({ email, password, role: 'USER', actor: 'cli' })
  if (!user.ok) throw new Error(user.errors.join())
  const userId = user.value.id
  const exec = async (c: Record<string, unknown>) => {
    const r = await executeBooks(store, userId, { at, userId, ...c } as LedgerCommand)
    if (isDomainError(r)) throw new Error(JSON.stringify(r))
    return r
  }
  return { store, userId, exec }
}

/**
 * Anna's company as the KSeF commands need it (NIP 526-025-02-74, tax office, VAT monthly from 2026), recorded on
 * 2 January 2026; with `contact`, the e-mail an FA(3) file names too.
 */
export const seedKsefTrader = async ({ contact = false } = {}) => {
  const user = await seedUser({ at: '2026-01-02T10:00:00.000Z' })
  const primary = companyPrimary({
    companyName: 'Kowalska IT',
    ownerName: 'Anna',
    ownerLastName: 'Kowalska',
    birthDate: '1985-04-02',
    taxOfficeCode: '1471',
  })
  await user.exec({ type: 'SaveCompanyRecord', dataType: 'Primary', data: primary })
  if (contact)
    await user.exec({
      type: 'SaveCompanyRecord',
      dataType: 'Contact',
      data: { email: 'biuro@example.com', phoneNumber: '', website: '', other: '' },
    })
  await user.exec({ type: 'AddSetting', kind: 'Vat', data: vatSetting() })
  return user
}
