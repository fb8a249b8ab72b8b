/**
 * `finance reset month YYYY-MM | year YYYY --user EMAIL [--yes]`: the dashboard's reset — it clears the user's flags
 * (completed, notification, sent) of the month's or year's transactions and never changes items, settings or
 * amounts — executed through the API's books glue as a ResetMonth/ResetYear command, so it is recorded as an event
 * (metadata userId `cli`).
 */
import { randomUUID } from 'node:crypto'
import { executeBooks } from '@finance/books'
import { isDomainError } from '@finance/ledger-core/light'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError, userError } from '../errors.ts'
import { translate, translateKnown } from '../i18n.ts'
import { confirm } from '../prompt.ts'

export type ResetTarget =
  | { readonly kind: 'month'; readonly month: string }
  | { readonly kind: 'year'; readonly year: number }

export const resetCommand = async (ctx: Ctx, target: ResetTarget, email: string, yes: boolean): Promise<void> => {
  const user = await resolveUser(ctx, email)
  const what = () =>
    target.kind === 'month' ? ctx.t('resetWhatMonth', target.month) : ctx.t('resetWhatYear', target.year)
  if (!yes) {
    if (!ctx.isTTY) throw userError('resetNeedsYes', what(), email)
    if (!(await confirm(ctx, ctx.t('resetQuestion', what(), email)))) throw userError('cancelled')
  }
  const at = ctx.now().toISOString()
  const command =
    target.kind === 'month'
      ? ({ type: 'ResetMonth', month: target.month, at, userId: 'cli' } as const)
      : ({ type: 'ResetYear', year: target.year, at, userId: 'cli' } as const)
  const result = await executeBooks(await ctx.store(), user.userId, command, {
    actor: 'cli',
    correlationId: randomUUID(),
  })
  if (isDomainError(result))
    throw new CliError((lang) => translate(lang, 'cannotReset', what(), email, translateKnown(lang, result.message)))
  ctx.out(`${ctx.t('resetDone', what(), email, result.events.length)}\n`)
}
