/**
 * `finance users delete EMAIL` and `finance users purge [--dry-run] [--json]`: an ADMIN deletes an account (its login
 * ends at once, its books are kept for the legal retention period), and the data of accounts whose retention ended is
 * erased for good (docs/security.md, "Deleting an account").
 */
import { createAccounts, LAST_ADMIN, purgeExpiredAccounts, retainUntilFor } from '@finance/books'
import type { Ctx } from '../context.ts'
import { CliError, userError } from '../errors.ts'
import { formatCount } from '../format.ts'
import { translate, translateKnown } from '../i18n.ts'

export const usersDelete = async (ctx: Ctx, email: string): Promise<void> => {
  const accounts = createAccounts(await ctx.store())
  const result = await accounts.deleteAccount(email, retainUntilFor(ctx.today()), 'cli')
  if (!result.ok) {
    const why = result.errors[0] === LAST_ADMIN ? null : result.errors.map((m) => translateKnown(ctx.lang, m)).join(' ')
    throw new CliError((lang) => translate(lang, 'cannotDeleteUser', email, why ?? translate(lang, 'lastAdmin')))
  }
  ctx.out(`${ctx.t('userDeleted', result.value.email, result.value.retainUntil)}\n`)
}

export const usersPurge = async (ctx: Ctx, o: { dryRun: boolean; json: boolean }): Promise<void> => {
  const store = await ctx.store()
  if (!o.dryRun && store.deleteStreams === undefined) throw userError('purgeRefused', (await store.info()).kind)
  const results = await purgeExpiredAccounts(store, createAccounts(store), {
    today: ctx.today(),
    dryRun: o.dryRun,
    now: ctx.now,
  })
  if (o.json) {
    ctx.out(`${JSON.stringify(results, null, 2)}\n`)
    return
  }
  if (results.length === 0) ctx.out(`${ctx.t('purgeNone')}\n`)
  for (const r of results)
    ctx.out(
      `${
        o.dryRun
          ? ctx.t('purgeDue', r.account.email, r.account.retainUntil)
          : ctx.t('purged', r.account.email, formatCount(ctx.lang, r.events), formatCount(ctx.lang, r.secrets))
      }\n`,
    )
}
