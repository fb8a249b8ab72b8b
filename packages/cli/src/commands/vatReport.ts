/**
 * `finance report vat YYYY-MM --user EMAIL`: the VAT return of the period the month ends, field by field as the
 * dashboard's VAT card and the JPK_V7 file show it (ledger-core's `vatFiling`), with the Polish or English name of
 * each field — the cross-border, fixed-asset and art. 91 fields included (docs/tax-rules.md §19). A month inside a
 * quarter shows its quarter's figures so far. Table (default) or JSON.
 */
import { formatMoney, VAT_DECLARATION_FIELDS, type VatDeclaration, vatFiling } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Output } from '../cli.ts'
import type { Ctx } from '../context.ts'
import { formatAmount, renderTable } from '../format.ts'
import { catalog } from '../i18n.ts'

/** The declaration's fields in the form's order (their names in the catalogs' `vatFields`). */
const FIELDS = VAT_DECLARATION_FIELDS
const fieldName = catalog('vatFields')
const ALWAYS = new Set(['P_38', 'P_48', 'P_51'])

const say = catalog('vatReport')

/** The fields a return shows: every non-zero one and the totals. */
export const vatReturnFields = (d: VatDeclaration): { field: string; pl: string; en: string; amount: string }[] =>
  FIELDS.filter((f) => ALWAYS.has(f) || (d[f] ?? 0n) !== 0n).map((f) => ({
    field: f,
    pl: fieldName('pl', f),
    en: fieldName('en', f),
    amount: formatMoney(d[f] ?? 0n),
  }))

export const reportVat = async (ctx: Ctx, month: string, email: string, output: Output): Promise<void> => {
  const [b] = await booksOfUsers(ctx, email, { deleted: true })
  const filing = vatFiling(b!.state, month)
  if (!filing) {
    ctx.out(`${say(ctx.lang, 'none')}\n`)
    return
  }
  const { from, to } = filing.period
  const fields = vatReturnFields(filing.period.declaration)
  if (output.format === 'json') {
    const declaration = Object.fromEntries(fields.map((f) => [f.field, f.amount]))
    ctx.out(`${JSON.stringify({ month, period: { from, to }, declaration }, null, 2)}\n`)
    return
  }
  const span = from === to ? from : `${from}..${to}`
  ctx.out(`${ctx.colour.bold(`${say(ctx.lang, 'title')} — ${say(ctx.lang, 'period')} ${span} — ${b!.email}`)}\n\n`)
  ctx.out(
    renderTable(
      [
        { header: say(ctx.lang, 'field') },
        { header: say(ctx.lang, 'name') },
        { header: say(ctx.lang, 'amount'), align: 'right' },
      ],
      fields.map((f) => [f.field, f[ctx.lang], formatAmount(ctx.lang, f.amount)]),
    ),
  )
}
