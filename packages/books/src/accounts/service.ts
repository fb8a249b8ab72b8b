/**
 * Users, event-sourced: one `user-{uuid}` stream per user with UserRegistered, UserRoleChanged, PasswordChanged
 * (the fact only), PasswordResetRequested (never the code), UserLanguageChanged, SessionEnded (a logout) and
 * UserDeleted. Password and reset-code hashes live in `store.secrets`, never in an event. An e-mail → user index is
 * folded from the `user-*` events and caught up from the global log before every lookup, so users added by another
 * process (the CLI) are seen at once.
 */
import { createHash, randomUUID } from 'node:crypto'
import { type EventStore, type StoredEvent, WrongExpectedVersion } from '@finance/event-store'
import {
  accountMessages,
  isEmailAddress,
  type Language,
  languageOf,
  passwordPolicyErrors,
} from '@finance/ledger-core/light'
import { hashCode, hashPassword, randomCode, safeEqual, verifyPasswordHash } from './password.ts'
import { credentialKeys, passwordKey, resetKey } from './userSecrets.ts'

export const ROLE_USER = 1
export const ROLE_ADMIN = 1024
export type RoleInput = 'USER' | 'ADMIN' | 'LACK' | number

export interface User {
  readonly id: string
  readonly email: string
  readonly role: number
  readonly createdAt: string
  readonly language: Language
  /**
   * Counts the user's password changes and resets: a session token carries the value it was issued under, so every
   * change of the password revokes all earlier tokens.
   */
  readonly sessionVersion: number
  /**
   * Sessions the user ended (logged out) that could still be alive: session id → the end of the session's absolute
   * lifetime (epoch ms). A token of one of them is refused. Entries past their end are dropped as later events
   * come, and a password change clears them all (it revokes every session anyway), so the map stays small.
   */
  readonly endedSessions: ReadonlyMap<string, number>
  /** Revision of the user's stream (optimistic concurrency). */
  readonly revision: bigint
}

export type AccountResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: 400 | 401 | 404 | 409; readonly errors: string[] }

export const userStream = (userId: string) => `user-${userId}`
export const normaliseEmail = (email: string) => email.trim().toLowerCase()
/** One stream per e-mail address ever registered; its first event decides who owns the address. */
export const emailClaimStream = (email: string) =>
  `email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`
export const RESET_CODE_TTL_MS = 60 * 60 * 1000

/** Refused deletion of the only ADMIN: nobody could administer the installation any more. */
export const LAST_ADMIN = 'The last ADMIN cannot be deleted.'
/** Without an ADMIN no one could manage the users again, and the last one's address could not be used afresh. */
export const LAST_ADMIN_ROLE = 'The last ADMIN cannot lose the ADMIN role.'

export const roleCodeOf = (role: RoleInput): number => {
  if (typeof role === 'number') return role
  return role === 'ADMIN' ? ROLE_ADMIN : role === 'USER' ? ROLE_USER : 0
}

export interface AccountsOptions {
  /** log2 of the scrypt cost N (default 15); tests use a low value. */
  readonly hashCost?: number
  readonly now?: () => Date
}

export interface Accounts {
  register(input: {
    email: string
    password: string
    role: RoleInput
    language?: string | null
    actor?: string
  }): Promise<AccountResult<User>>
  list(): Promise<{ id: string; email: string; role: number; createdAt: string }[]>
  count(): Promise<number>
  setRole(email: string, role: RoleInput, actor?: string): Promise<AccountResult<User>>
  findByEmail(email: string): Promise<User | null>
  findById(userId: string): Promise<User | null>
  /** 'User does not exist.' (404) or 'Incorrect password.' (401) on failure. */
  verifyPassword(email: string, password: string): Promise<AccountResult<User>>
  changePassword(input: { email: string; oldPassword: string; password: string }): Promise<AccountResult<User>>
  /** Operator reset (CLI): sets a new password without the old one. */
  setPassword(email: string, password: string, actor?: string): Promise<AccountResult<User>>
  /** Stores the hash of a new single-use code valid for 1 hour; null when the user does not exist. */
  requestPasswordReset(email: string, language?: string | null): Promise<{ user: User; code: string } | null>
  confirmPasswordReset(input: { email: string; code: string; password: string }): Promise<AccountResult<User>>
  setLanguage(userId: string, language: string): Promise<void>
  /**
   * Ends one session of the user (a logout): appends `SessionEnded` with the session id and `until`, the end of the
   * session's absolute lifetime, after which no token of it is valid anyway. Nothing is appended when the session
   * has ended already. False when the user does not exist.
   */
  endSession(userId: string, sessionId: string, until: Date): Promise<boolean>
  /**
   * Deletes an account (an ADMIN's decision): its login ends at once — the password and reset-code hashes are
   * removed and the user is no longer found, so every session of it is refused — while its books are kept until
   * `retainUntil` (the tax law's retention period, `accounts/erasure.ts`) and then purged. The last ADMIN cannot be
   * deleted.
   */
  deleteAccount(email: string, retainUntil: string, actor?: string): Promise<AccountResult<DeletedAccount>>
  /** Accounts deleted and not purged yet, oldest first. */
  deletedAccounts(): Promise<DeletedAccount[]>
}

/** A deleted account whose books are kept until `retainUntil` (a date, `yyyy-mm-dd`). */
export interface DeletedAccount {
  readonly id: string
  readonly email: string
  readonly deletedAt: string
  readonly retainUntil: string
}

const NO_SESSIONS: ReadonlyMap<string, number> = new Map()

const fail = <T>(status: 400 | 401 | 404 | 409, ...errors: string[]): AccountResult<T> => ({
  ok: false,
  status,
  errors,
})

export function createAccounts(store: EventStore, options: AccountsOptions = {}): Accounts {
  const cost = options.hashCost ?? 15
  const now = options.now ?? (() => new Date())
  const byId = new Map<string, User>()
  const byEmail = new Map<string, string>()
  const deleted = new Map<string, DeletedAccount>()
  let position = 0n
  let syncing: Promise<void> | null = null
  let lastSync = 0
  /** Serialises writes in this process so two registrations of one e-mail cannot both pass the check. */
  let writes: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = writes.then(task, task)
    writes = run.catch(() => undefined)
    return run
  }

  const apply = (e: StoredEvent) => {
    const userId = e.streamId.slice('user-'.length)
    const d = (e.data ?? {}) as Record<string, unknown>
    const current = byId.get(userId)
    if (e.type === 'UserRegistered') {
      const email = normaliseEmail(String(d.email))
      const user: User = {
        id: userId,
        email,
        role: Number(d.role ?? 0),
        createdAt: e.metadata.createdAt,
        language: languageOf(d.language),
        sessionVersion: 0,
        endedSessions: NO_SESSIONS,
        revision: e.revision,
      }
      byId.set(userId, user)
      byEmail.set(email, userId)
    } else if (current) {
      let next: User = { ...current, revision: e.revision }
      if (e.type === 'UserRoleChanged') next = { ...next, role: Number(d.role ?? 0) }
      if (e.type === 'UserLanguageChanged') next = { ...next, language: languageOf(d.language) }
      if (e.type === 'PasswordChanged')
        next = { ...next, sessionVersion: next.sessionVersion + 1, endedSessions: NO_SESSIONS }
      if (e.type === 'SessionEnded') {
        // Sessions whose lifetime was over when this one ended are dropped: no token of them is valid any more.
        const at = Date.parse(e.metadata.createdAt)
        const ended = new Map([...next.endedSessions].filter(([, until]) => Number.isNaN(at) || until > at))
        const until = Date.parse(String(d.until))
        ended.set(String(d.sessionId), Number.isNaN(until) ? Number.POSITIVE_INFINITY : until)
        next = { ...next, endedSessions: ended }
      }
      byId.set(userId, next)
      if (e.type === 'UserDeleted') {
        byId.delete(userId)
        if (byEmail.get(current.email) === userId) byEmail.delete(current.email)
        deleted.set(userId, {
          id: userId,
          email: current.email,
          deletedAt: e.metadata.createdAt,
          retainUntil: String(d.retainUntil ?? ''),
        })
      }
    }
    if (e.position > position) position = e.position
  }

  const sync = (): Promise<void> => {
    if (!syncing) {
      syncing = (async () => {
        try {
          lastSync = Date.now()
          for (;;) {
            const page = await store.readAll({ after: position, streamPrefixes: ['user-'], maxCount: 1000 })
            for (const e of page.events) apply(e)
            if (page.next === null || page.events.length === 0) return
          }
        } finally {
          syncing = null
        }
      })()
    }
    return syncing
  }

  const meta = (actor: string | undefined, subject: string) => ({
    userId: actor ?? subject,
    correlationId: randomUUID(),
    createdAt: now().toISOString(),
  })

  /** Appends to an existing user's stream at the revision we know; re-syncs once on a concurrent change. */
  const appendToUser = async (user: User, type: string, data: Record<string, string | number>, actor?: string) => {
    const event = { type, schemaVersion: 1, data, metadata: meta(actor, user.id) }
    try {
      await store.append(userStream(user.id), [event], user.revision)
    } catch (err) {
      if (!(err instanceof WrongExpectedVersion)) throw err
      await sync()
      const fresh = byId.get(user.id) ?? user
      await store.append(userStream(user.id), [event], fresh.revision)
    }
    await sync()
  }

  /** The accounts with the ADMIN role. */
  const adminCount = (): number => [...byId.values()].filter((u) => u.role === ROLE_ADMIN).length

  const find = async (email: string): Promise<User | null> => {
    await sync()
    const id = byEmail.get(normaliseEmail(email))
    return id === undefined ? null : (byId.get(id) ?? null)
  }
  /**
   * The user a login, a password change or a reset names: only by an address the e-mail rule accepts, so that a
   * code is never mailed to an address with a control character or a header separator, even one stored before the
   * rule refused it (the mail server would read it as another address). The operator's commands (role, password,
   * deletion) still find such an account by `find`, so that it can be removed.
   */
  const findToMail = (email: string): Promise<User | null> =>
    isEmailAddress(email) ? find(email) : Promise.resolve(null)

  /** A hash at this service's cost of a random password nobody knows, made once, for logins of unknown e-mails. */
  let dummy: Promise<string> | null = null
  const dummyHash = () => {
    dummy ??= hashPassword(randomUUID(), cost)
    return dummy
  }

  const policy = (password: string): AccountResult<never> | null => {
    const errors = passwordPolicyErrors(password)
    return errors.length > 0 ? fail(400, ...errors) : null
  }

  const accounts: Accounts = {
    register: (input) =>
      serial(async () => {
        const email = normaliseEmail(input.email)
        if (!isEmailAddress(email)) return fail(400, accountMessages.email)
        const bad = policy(input.password)
        if (bad) return bad
        const role = roleCodeOf(input.role)
        if (role !== ROLE_USER && role !== ROLE_ADMIN) return fail(400, accountMessages.role)
        if (await find(email)) return fail(400, accountMessages.emailExists)
        const id = randomUUID()
        // Claim the e-mail atomically across processes (the server and the CLI): the first append to its claim
        // stream wins; the stream holds a hash of the address, never the address.
        try {
          await store.append(
            emailClaimStream(email),
            [{ type: 'EmailClaimed', schemaVersion: 1, data: { userId: id }, metadata: meta(input.actor, id) }],
            'no_stream',
          )
        } catch (err) {
          if (err instanceof WrongExpectedVersion) return fail(400, accountMessages.emailExists)
          throw err
        }
        // The hash first: a user event without a password would be a user nobody can log in as.
        await store.secrets.put(passwordKey(id), await hashPassword(input.password, cost))
        await store.append(
          userStream(id),
          [
            {
              type: 'UserRegistered',
              schemaVersion: 1,
              data: { userId: id, email, role, language: languageOf(input.language) },
              metadata: meta(input.actor, id),
            },
          ],
          'no_stream',
        )
        await sync()
        return { ok: true, value: byId.get(id)! }
      }),

    list: async () => {
      await sync()
      return [...byId.values()]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map(({ id, email, role, createdAt }) => ({ id, email, role, createdAt }))
    },

    count: async () => {
      await sync()
      return byId.size
    },

    setRole: (email, role, actor) =>
      serial(async () => {
        const user = await find(email)
        if (!user) return fail(404, accountMessages.userDoesNotExist)
        const code = roleCodeOf(role)
        if (code !== 0 && code !== ROLE_USER && code !== ROLE_ADMIN) return fail(400, accountMessages.role)
        if (user.role === ROLE_ADMIN && code !== ROLE_ADMIN && adminCount() === 1) return fail(400, LAST_ADMIN_ROLE)
        if (code !== user.role) await appendToUser(user, 'UserRoleChanged', { role: code }, actor)
        return { ok: true, value: byId.get(user.id)! }
      }),

    findByEmail: find,

    deleteAccount: (email, retainUntil, actor) =>
      serial(async () => {
        const user = await find(email)
        if (!user) return fail(404, accountMessages.userDoesNotExist)
        if (user.role === ROLE_ADMIN && adminCount() === 1) return fail(400, LAST_ADMIN)
        // The login and the KSeF credentials first: should the event fail, the account is locked rather than deleted
        // half. The books, and the invoices kept beside them, stay for the retention period.
        for (const key of credentialKeys(user.id)) await store.secrets.delete(key)
        await appendToUser(user, 'UserDeleted', { retainUntil }, actor)
        const gone = deleted.get(user.id)
        return gone ? { ok: true, value: gone } : fail(404, accountMessages.userDoesNotExist)
      }),

    deletedAccounts: async () => {
      await sync()
      return [...deleted.values()].sort((a, b) => a.deletedAt.localeCompare(b.deletedAt))
    },

    findById: async (userId) => {
      if (deleted.has(userId)) return null
      // Sessions look users up on every request: catch up with other processes (role changes by the CLI) at most
      // once a second, and at once for an id not seen yet.
      if (!byId.has(userId) || Date.now() - lastSync > 1000) await sync()
      return byId.get(userId) ?? null
    },

    verifyPassword: async (email, password) => {
      const user = await findToMail(email)
      const stored = user ? await store.secrets.get(passwordKey(user.id)) : null
      if (!user || !stored) {
        // The same scrypt work as for a real account, so the time of an answer does not tell whether it exists.
        await verifyPasswordHash(password, await dummyHash())
        return user ? fail(401, accountMessages.incorrectPassword) : fail(404, accountMessages.userDoesNotExist)
      }
      if (!(await verifyPasswordHash(password, stored))) return fail(401, accountMessages.incorrectPassword)
      return { ok: true, value: user }
    },

    changePassword: (input) =>
      serial(async () => {
        const verified = await accounts.verifyPassword(input.email, input.oldPassword)
        if (!verified.ok) return verified
        if (input.oldPassword === input.password) return fail(400, accountMessages.samePassword)
        const bad = policy(input.password)
        if (bad) return bad
        const user = verified.value
        await store.secrets.put(passwordKey(user.id), await hashPassword(input.password, cost))
        await appendToUser(user, 'PasswordChanged', { reason: 'changed' }, user.id)
        return { ok: true, value: byId.get(user.id)! }
      }),

    setPassword: (email, password, actor) =>
      serial(async () => {
        const user = await find(email)
        if (!user) return fail(404, accountMessages.userDoesNotExist)
        const bad = policy(password)
        if (bad) return bad
        await store.secrets.put(passwordKey(user.id), await hashPassword(password, cost))
        await store.secrets.delete(resetKey(user.id))
        await appendToUser(user, 'PasswordChanged', { reason: 'set' }, actor ?? 'cli')
        return { ok: true, value: byId.get(user.id)! }
      }),

    requestPasswordReset: (email, language) =>
      serial(async () => {
        const user = await findToMail(email)
        if (!user) return null
        const code = randomCode()
        const expiresAt = now().getTime() + RESET_CODE_TTL_MS
        await store.secrets.put(resetKey(user.id), JSON.stringify({ hash: hashCode(code), expiresAt }))
        await appendToUser(user, 'PasswordResetRequested', {}, user.id)
        const lang = language ? languageOf(language) : user.language
        if (lang !== user.language) await appendToUser(byId.get(user.id)!, 'UserLanguageChanged', { language: lang })
        return { user: byId.get(user.id)!, code }
      }),

    confirmPasswordReset: (input) =>
      serial(async () => {
        const user = await findToMail(input.email)
        const invalid = fail<User>(400, accountMessages.invalidRequest)
        if (!user) return invalid
        const raw = await store.secrets.get(resetKey(user.id))
        if (!raw) return invalid
        const { hash, expiresAt } = JSON.parse(raw) as { hash: string; expiresAt: number }
        if (!safeEqual(hash, hashCode(input.code)) || now().getTime() > expiresAt) return invalid
        const bad = policy(input.password)
        if (bad) return bad
        await store.secrets.delete(resetKey(user.id))
        await store.secrets.put(passwordKey(user.id), await hashPassword(input.password, cost))
        await appendToUser(user, 'PasswordChanged', { reason: 'reset' }, user.id)
        return { ok: true, value: byId.get(user.id)! }
      }),

    endSession: (userId, sessionId, until) =>
      serial(async () => {
        const user = await accounts.findById(userId)
        if (!user) return false
        if (!user.endedSessions.has(sessionId))
          await appendToUser(user, 'SessionEnded', { sessionId, until: until.toISOString() }, user.id)
        return true
      }),

    setLanguage: (userId, language) =>
      serial(async () => {
        const user = await accounts.findById(userId)
        const lang = languageOf(language)
        if (user && user.language !== lang) await appendToUser(user, 'UserLanguageChanged', { language: lang })
      }),
  }
  return accounts
}
