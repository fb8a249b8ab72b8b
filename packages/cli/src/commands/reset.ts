/**
 * `finance reset month YYYY-MM | year YYYY --user EMAIL [--yes]`: the dashboard's reset — it clears the user's flags
 * (completed, notification, sent) of the month's or year's transactions and never changes items, settings or
 * amounts — executed through the API's books glue as a ResetMonth/ResetYear command, so it is recorded as an event
 * (metadata userId `cli`).
 */
import { randomUUID } from 'node:crypto'
import { executeBooks } from '@finance/api/ledger/books.ts'
import { isDomainError } from '@finance/ledger-core'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { confirm } from '../prompt.ts'

export type ResetTarget =
  | { readonly kind: 'month'; readonly month: string }
  | { readonly kind: 'year'; readonly year: number }

export const resetCommand = async (ctx: Ctx, target: ResetTarget, email: string, yes: boolean): Promise<void> => {
  const user = await resolveUser(ctx, email)
  const what = target.kind === 'month' ? `month ${target.month}` : `year ${target.year}`
  if (!yes) {
    if (!ctx.isTTY)
      throw new CliError(`refusing to reset ${what} of ${email} without confirmation: not a terminal, pass --yes`)
    const question = `Clear the flags (completed, notification, sent) of the transactions of ${what} for ${email}? Items and settings are kept.`
    if (!(await confirm(ctx, question))) throw new CliError('cancelled, nothing changed')
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
  if (isDomainError(result)) throw new CliError(`cannot reset ${what} of ${email}: ${result.message}`)
  ctx.out(`reset ${what} of ${email}: ${result.events.length} event(s) recorded\n`)
}
