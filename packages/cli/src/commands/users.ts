/** `finance users add|list|set-role`: administration through the API's accounts module (same hashing, same events). */
import { randomInt } from 'node:crypto'
import { createAccounts, normaliseEmail, ROLE_ADMIN, ROLE_USER } from '@finance/books'
import { accountMessages, isEmailAddress, passwordPolicyErrors } from '@finance/ledger-core/light'
import type { Ctx } from '../context.ts'
import { CliError, usageError, userError } from '../errors.ts'
import { renderTable } from '../format.ts'
import { translate, translateKnown } from '../i18n.ts'
import { askHidden } from '../prompt.ts'

const ROLES = ['USER', 'ADMIN'] as const
type Role = (typeof ROLES)[number]

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SYMBOLS = '!#%*+-=?@_'

/** A random 16-character password meeting the policy (lower, upper, digit, symbol), from the CSPRNG. */
export const generatePassword = (): string => {
  const all = LOWER + UPPER + DIGITS + SYMBOLS
  const pick = (set: string) => set[randomInt(set.length)]!
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < 16) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}

/** Role code → name (SPEC §6): 1024 ADMIN, 1 USER, 0 LACK. */
export const roleName = (code: number): string =>
  code === ROLE_ADMIN ? 'ADMIN' : code === ROLE_USER ? 'USER' : code === 0 ? 'LACK' : String(code)

/** The accounts service's refusal, with its messages in the run's language. */
const failed = (
  key: 'cannotAddUser' | 'cannotSetRole' | 'cannotSetPassword',
  email: string,
  result: { ok: false; errors: readonly string[] },
): CliError =>
  new CliError((lang) => translate(lang, key, email, result.errors.map((m) => translateKnown(lang, m)).join(' ')))

export const usersAdd = async (ctx: Ctx, email: string, o: { role: Role; password?: string }): Promise<void> => {
  let password = o.password
  let generated = false
  if (password === undefined && ctx.isTTY && ctx.stdin) {
    password = await askHidden(ctx, ctx.t('askPassword', email))
    if (password !== '') {
      const again = await askHidden(ctx, ctx.t('askPasswordAgain'))
      if (again !== password) throw userError('passwordsDiffer')
    }
  }
  if (password === undefined || password === '') {
    password = generatePassword()
    generated = true
  }
  // The first user of a new installation creates its store. The accounts service decides; the same rules are checked
  // first so that a refused address or password does not leave a new, empty store behind.
  const refused = [
    ...(isEmailAddress(normaliseEmail(email)) ? [] : [accountMessages.email]),
    ...passwordPolicyErrors(password),
  ]
  if (refused.length > 0) throw failed('cannotAddUser', email, { ok: false, errors: refused })
  const accounts = createAccounts(await ctx.store({ create: true }))
  const result = await accounts.register({ email, password, role: o.role, actor: 'cli' })
  if (!result.ok) throw failed('cannotAddUser', email, result)
  ctx.out(`${ctx.t('userAdded', result.value.email, o.role, result.value.id)}\n`)
  if (generated) ctx.out(`${ctx.t('generatedPassword', password)}\n`)
}

export const usersList = async (ctx: Ctx, json: boolean): Promise<void> => {
  const accounts = createAccounts(await ctx.store())
  const list = [...(await accounts.list())].sort((a, b) => a.email.localeCompare(b.email))
  if (json) {
    const rows = list.map((u) => ({ email: u.email, role: roleName(u.role), createdAt: u.createdAt, id: u.id }))
    ctx.out(`${JSON.stringify(rows, null, 2)}\n`)
    return
  }
  ctx.out(
    renderTable(
      [
        { header: ctx.t('email') },
        { header: ctx.t('role') },
        { header: ctx.t('createdAt') },
        { header: ctx.t('userId') },
      ],
      list.map((u) => [u.email, roleName(u.role), u.createdAt, u.id]),
    ),
  )
}

export const usersSetRole = async (ctx: Ctx, email: string, role: string): Promise<void> => {
  if (!(ROLES as readonly string[]).includes(role)) throw usageError('unknownRole', role)
  const accounts = createAccounts(await ctx.store())
  const result = await accounts.setRole(email, role as Role, 'cli')
  if (!result.ok) throw failed('cannotSetRole', email, result)
  ctx.out(`${ctx.t('roleSet', email, role)}\n`)
}

export const usersSetPassword = async (ctx: Ctx, email: string, o: { password?: string }): Promise<void> => {
  const accounts = createAccounts(await ctx.store())
  let password = o.password
  if (password === undefined && ctx.isTTY && ctx.stdin) password = await askHidden(ctx, ctx.t('askNewPassword', email))
  const generated = password === undefined || password === ''
  if (generated) password = generatePassword()
  const result = await accounts.setPassword(email, password!, 'cli')
  if (!result.ok) throw failed('cannotSetPassword', email, result)
  ctx.out(`${ctx.t('passwordSet', result.value.email)}\n`)
  if (generated) ctx.out(`${ctx.t('generatedPassword', password!)}\n`)
}
