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

export const resolveUser = async (ctx: Ctx, email: string): Promise<UserRef> => {
  const user = await createAccounts(await ctx.store()).findByEmail(email)
  if (!user) throw userError('noUser', email)
  return { userId: user.id, email: user.email }
}

/** One user, or every user (sorted by e-mail) when `email` is undefined. */
export const usersOf = async (ctx: Ctx, email: string | undefined): Promise<UserRef[]> =>
  email === undefined
    ? [...(await createAccounts(await ctx.store()).list())]
        .map((u) => ({ userId: u.id, email: u.email }))
        .sort((a, b) => a.email.localeCompare(b.email))
    : [await resolveUser(ctx, email)]

/** One user's books, or every user's (sorted by e-mail) when `email` is undefined. */
export const booksOfUsers = async (ctx: Ctx, email: string | undefined): Promise<UserBooks[]> => {
  const store = await ctx.store()
  const users = await usersOf(ctx, email)
  const out: UserBooks[] = []
  for (const u of users) {
    const { state, revision } = await loadBooks(store, u.userId)
    out.push({ ...u, state, revision })
  }
  return out
}
