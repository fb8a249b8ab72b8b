/**
 * `finance vat refund YYYY-MM --user EMAIL [--amount N] [--term T] [--offset-amount N --offset-liability TEXT]` asks
 * for a refund of the excess of input VAT in the declaration of the month's period (uVAT art. 87; the same
 * `SetVatRefund` command the VAT card sends, recorded with actor `cli`); `--withdraw` takes it back. Prints what
 * the period's excess allows: refunded (P_54), set against future liabilities (P_60), carried forward (P_62).
 */
import { randomUUID } from 'node:crypto'
import { executePlan, vatRefundPlan } from '@finance/books'
import {
  generalVatRefundTerm,
  isDomainError,
  NO_VAT_PERIOD,
  REFUND_OVER_EXCESS,
  VAT_REFUND_DAYS,
  VAT_REFUND_TERM_FIELD,
  vatRefundView,
} from '@finance/ledger-core/light'
import { resolveUser } from '../books.ts'
import type { Output } from '../cli.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { formatAmount } from '../format.ts'
import { catalog, translateKnown } from '../i18n.ts'

const say = catalog('vatRefund')

export interface VatRefundOptions {
  readonly user: string
  readonly amount?: string
  readonly term?: string
  readonly offsetAmount?: string
  readonly offsetLiability?: string
  readonly withdraw?: boolean
}

export const vatRefundCommand = async (ctx: Ctx, month: string, o: VatRefundOptions, output: Output): Promise<void> => {
  const asked = [o.amount, o.term, o.offsetAmount, o.offsetLiability].some((v) => v !== undefined)
  if (o.withdraw && asked) throw new CliError((lang) => say(lang, 'withdrawAlone'), 2)
  const user = await resolveUser(ctx, o.user)
  const offset =
    o.offsetAmount !== undefined || o.offsetLiability !== undefined
      ? { amount: o.offsetAmount ?? '', liability: o.offsetLiability ?? '' }
      : null
  const refund = o.withdraw ? null : { amount: o.amount ?? null, term: o.term ?? generalVatRefundTerm(month), offset }
  // A request needs a declaration to ride in: `vatRefundPlan` refuses it on the books it would be decided on.
  const result = await executePlan(
    await ctx.store(),
    user.userId,
    vatRefundPlan({ type: 'SetVatRefund', month, refund, at: ctx.now().toISOString(), userId: 'cli' }),
    { actor: 'cli', correlationId: randomUUID() },
  )
  if (isDomainError(result)) {
    const reason = (message: string) => {
      const over = REFUND_OVER_EXCESS.exec(message)
      if (over) return say(ctx.lang, 'overExcess', formatAmount(ctx.lang, over[1]!))
      return message === NO_VAT_PERIOD ? say(ctx.lang, 'noPeriodToAsk') : translateKnown(ctx.lang, message)
    }
    const fields = (result.errors ?? []).map((e) => `${e.field}: ${reason(e.message)}`)
    throw new CliError((lang) =>
      [say(lang, 'refused'), ...(fields.length > 0 ? fields : [translateKnown(lang, result.message)])].join('\n  '),
    )
  }
  const view = vatRefundView(result.state, month)
  if (output.format === 'json') {
    ctx.out(`${JSON.stringify(view, null, 2)}\n`)
    return
  }
  const p = view.period
  const r = view.refund
  const money = (m: string) => formatAmount(ctx.lang, m)
  const lines = [ctx.colour.bold(`${say(ctx.lang, 'title')} ${month} — ${user.email}`)]
  if (!p) lines.push(say(ctx.lang, 'noPeriod'))
  else {
    const span = p.from === p.to ? p.from : `${p.from}..${p.to}`
    lines.push(`${say(ctx.lang, 'period')}: ${span}`)
    lines.push(`P_53 ${say(ctx.lang, 'excess')}: ${money(p.excess)}`)
    // A request in a period with no excess stays recorded and is applied once the period has one (§34).
    if (r && p.excess === '0.00') lines.push(say(ctx.lang, 'waiting'))
    else if (r && p.lastDay) {
      lines.push(
        `P_54 ${say(ctx.lang, 'refunded')}: ${money(p.refunded)} — ${VAT_REFUND_TERM_FIELD[r.term]}, ${VAT_REFUND_DAYS[r.term]} ${say(ctx.lang, 'days')}, ${say(ctx.lang, 'lastDay')} ${p.lastDay} (${say(ctx.lang, 'filedOn')} ${p.dueDate})`,
      )
      if (r.offset) lines.push(`P_60 ${say(ctx.lang, 'offset')}: ${money(p.offsetApplied)} — ${r.offset.liability}`)
    } else lines.push(say(ctx.lang, 'none'))
    lines.push(`P_62 ${say(ctx.lang, 'carried')}: ${money(p.carried)}`)
  }
  ctx.out(`${lines.join('\n')}\n`)
}
