/** Users and their books, through the API's accounts module and books glue (so numbers equal the web app's). */
import { createAccounts, loadBooks } from '@finance/books'
import type { BooksState } from '@finance/ledger-core/light'
import type { Ctx } from './context.ts'
import { userError } from './errors.ts'

export interface UserRef {
  readonly userId: string
  readonly email: string
}

export interface UserBooks extends UserRef {
  readonly state: BooksState
  readonly revision: bigint | null
}

/**
 * Whether a command may reach the books of a deleted account, kept for the tax law's retention period
 * (docs/security.md): the operator's reading commands (`report`, `books`, `export`, `replay`, `diff`) may, to answer
 * a lawful request; a command that writes may not.
 */
export interface Reach {
  readonly deleted?: boolean
}

export const resolveUser = async (ctx: Ctx, email: string, reach: Reach = {}): Promise<UserRef> => {
  const accounts = createAccounts(await ctx.store())
  const user = await accounts.findByEmail(email)
  if (user) return { userId: user.id, email: user.email }
  const wanted = email.trim().toLowerCase()
  const gone = (await accounts.deletedAccounts()).filter((a) => a.email.toLowerCase() === wanted).at(-1)
  if (!gone) throw userError('noUser', email)
  const deletedOn = gone.deletedAt.slice(0, 10)
  if (!reach.deleted) throw userError('deletedUser', gone.email, deletedOn, gone.retainUntil)
  ctx.err(`${ctx.t('deletedUserRead', gone.email, deletedOn, gone.retainUntil)}\n`)
  return { userId: gone.id, email: gone.email }
}

/** One user, or every user (sorted by e-mail) when `email` is undefined. */
export const usersOf = async (ctx: Ctx, email: string | undefined, reach: Reach = {}): Promise<UserRef[]> =>
  email === undefined
    ? [...(await createAccounts(await ctx.store()).list())]
        .map((u) => ({ userId: u.id, email: u.email }))
        .sort((a, b) => a.email.localeCompare(b.email))
    : [await resolveUser(ctx, email, reach)]

/** One user's books, or every user's (sorted by e-mail) when `email` is undefined. */
export const booksOfUsers = async (ctx: Ctx, email: string | undefined, reach: Reach = {}): Promise<UserBooks[]> => {
  const store = await ctx.store()
  const users = await usersOf(ctx, email, reach)
  const out: UserBooks[] = []
  for (const u of users) {
    const { state, revision } = await loadBooks(store, u.userId)
    out.push({ ...u, state, revision })
  }
  return out
}
