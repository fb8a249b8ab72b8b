/**
 * `finance report annual YYYY --user EMAIL [--flat-rate R]`: ledger-core's `annualReport` — the annual return
 * (PIT-36 / PIT-36L / PIT-28), the annual health settlement, their obligations and the forms of taxation compared —
 * as a table (default), JSON or CSV. Every figure comes from the core; this module only lays it out.
 */
import {
  type AnnualReport,
  type AnnualReturnDto,
  annualReport,
  FlatRates,
  type FormComparisonDto,
  type HealthSettlementDto,
} from '@finance/ledger-core'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { renderCsv, renderTable } from '../format.ts'
import type { MessageKey } from '../i18n.ts'
import type { Format } from './report.ts'

type TaxTypeKey = 'Scale' | 'Linear' | 'Flat'
const FORM_KEY: Record<TaxTypeKey, MessageKey> = { Scale: 'formScale', Linear: 'formLinear', Flat: 'formFlat' }

const returnRows = (a: AnnualReturnDto): [MessageKey, string][] => [
  ['revenue', a.revenue],
  ...(a.taxType === 'Flat'
    ? []
    : ([
        ['costsWithFp', a.costs],
        ['labourFund', a.labourFundPaid],
        ['income', a.income],
        ...(a.loss === '0.00' ? [] : [['loss', a.loss]]),
      ] as [MessageKey, string][])),
  ['socialPaid', a.socialPaid],
  ['socialDeducted', a.socialDeducted],
  ['healthPaid', a.healthPaid],
  ['healthDeducted', a.healthDeducted],
  ...(a.taxType === 'Flat' ? [] : ([['otherDeductions', a.deductions]] as [MessageKey, string][])),
  ['taxBase', a.base],
  ['taxDue', a.tax],
  ['advances', a.advances],
  a.refund === '0.00' ? ['toPay', a.toPay] : ['refund', a.refund],
]

const healthRows = (h: HealthSettlementDto): [MessageKey, string][] => [
  ['insuredMonths', String(h.months)],
  [h.taxType === 'Flat' ? 'healthBasisRevenue' : 'healthBasisIncome', h.basis],
  h.taxType === 'Flat' ? ['band', String(h.flatTier)] : ['rate', `${h.percent} %`],
  ['computed', h.computed],
  ...(h.taxType === 'Flat' ? [] : ([['minimum', h.minimum]] as [MessageKey, string][])),
  ['dueForYear', h.due],
  ['paidMonthly', h.paid],
  h.overpaid === '0.00' ? ['toPay', h.toPay] : ['overpaid', h.overpaid],
]

const keyValueTable = (ctx: Ctx, rows: readonly [MessageKey, string][]) =>
  renderTable(
    [{ header: '' }, { header: `${ctx.t('amount')} [zł]`, align: 'right' }],
    rows.map(([k, v]) => [ctx.t(k), v]),
  )

const comparisonText = (ctx: Ctx, c: FormComparisonDto): string => {
  const rows = c.scenarios.map((s) => {
    const marks = [s.current ? ctx.t('current') : '', s.taxType === c.cheapest ? ctx.t('cheapest') : '']
      .filter(Boolean)
      .join(', ')
    return [
      `${s.form} (${ctx.t(FORM_KEY[s.taxType])}${s.taxType === 'Flat' ? ` ${s.rate} %` : ''})`,
      s.social,
      s.health,
      s.tax,
      s.total,
      marks,
    ]
  })
  const lines = [
    renderTable(
      [
        { header: ctx.t('form') },
        { header: ctx.t('social'), align: 'right' },
        { header: ctx.t('health'), align: 'right' },
        { header: ctx.t('tax'), align: 'right' },
        { header: ctx.t('total'), align: 'right' },
        { header: '' },
      ],
      rows,
    ),
    `${ctx.t('flatRateUsed').replace('{rate}', c.flatRate)}${c.flatRateAssumed ? ` ${ctx.t('flatRateAssumed')}` : ''}\n`,
    `\n${ctx.colour.bold(ctx.t('warnings'))}\n`,
  ]
  if (c.warnings.length === 0) lines.push(`${ctx.t('noWarnings')}\n`)
  for (const w of c.warnings) {
    const status = w.status === 'crossed' ? ctx.colour.red(ctx.t('crossed')) : ctx.colour.yellow(ctx.t('near'))
    const when = w.month ? ` ${ctx.t('inMonth').replace('{month}', w.month)}` : ''
    const projected = w.projected ? ` (${ctx.t('projected')})` : ''
    lines.push(`- ${ctx.t(w.kind)}: ${status}${when}${projected} — ${w.value} / ${w.limit} zł\n`)
  }
  for (const z of c.smallZusPlus) {
    lines.push(
      `\n${ctx.colour.bold(ctx.t('smallZusPlus').replace('{year}', String(z.appliesIn)).replace('{basedOn}', String(z.basedOn)))}${z.projected ? ` (${ctx.t('projected')})` : ''}\n`,
    )
    const reasons = z.reasons.map((r) => ctx.t(r)).join('; ')
    lines.push(`${z.eligible ? ctx.t('eligible') : ctx.t('notEligible')}${reasons ? ` — ${reasons}` : ''}\n`)
    lines.push(`${ctx.t('revenue')}: ${z.revenue} / ${z.revenueLimit} zł\n`)
    if (z.eligible && z.basis !== null && z.contributions !== null) {
      lines.push(`${ctx.t('zusBasis')}: ${z.basis} zł (${z.minBasis}–${z.maxBasis})\n`)
      const now = z.currentMonthly === null ? '' : `; ${ctx.t('zusNow')} ${z.currentMonthly} zł`
      const change =
        z.monthlyChange === null
          ? ''
          : `; ${ctx.t(z.monthlyChange.startsWith('-') ? 'zusMore' : 'zusLess').replace('{amount}', z.monthlyChange.replace('-', ''))}`
      lines.push(`${ctx.t('zusMonthly')}: ${z.contributions.total} zł${now}${change}\n`)
      if (z.yearlyChange !== null) lines.push(`${ctx.t('zusYearly')}: ${z.yearlyChange} zł\n`)
    }
    if (z.ratesFallback) lines.push(`${ctx.colour.dim(ctx.t('ratesFallback'))}\n`)
  }
  return lines.join('')
}

const table = (ctx: Ctx, r: AnnualReport, email: string): string => {
  const out = [`${ctx.colour.bold(`${ctx.t('yearEnd')} ${r.year} — ${email}`)}\n`]
  if (r.projected) out.push(`${ctx.colour.yellow(ctx.t('projectedNote').replace('{month}', r.actualThrough))}\n`)
  if (r.ratesFallback) out.push(`${ctx.colour.dim(ctx.t('ratesFallback'))}\n`)
  if (!r.comparison) return [...out, `\n${ctx.t('noBooks')}\n`].join('')
  const a = r.annualReturn
  if (a) {
    out.push(`\n${ctx.colour.bold(`${a.form} (${ctx.t(FORM_KEY[a.taxType])}) — ${ctx.t('dueOn')} ${a.dueDate}`)}\n`)
    out.push(keyValueTable(ctx, returnRows(a)))
  } else out.push(`\n${ctx.t('noReturn')}\n`)
  const h = r.healthSettlement
  if (h) {
    out.push(
      `\n${ctx.colour.bold(`${ctx.t('healthSettlement')} ${h.from}..${h.to} — ${ctx.t('dueOn')} ${h.dueDate}`)}\n`,
    )
    out.push(keyValueTable(ctx, healthRows(h)))
  } else out.push(`\n${ctx.t('noSettlement')}\n`)
  if (r.obligations.length > 0) {
    out.push(`\n${ctx.colour.bold(ctx.t('yearEndObligations'))}\n`)
    out.push(
      renderTable(
        [
          { header: ctx.t('kind') },
          { header: ctx.t('period') },
          { header: ctx.t('amount'), align: 'right' },
          { header: ctx.t('dueDate') },
          { header: ctx.t('status') },
        ],
        r.obligations.map((o) => [
          ctx.t(o.kind as MessageKey),
          `${o.periodFrom}..${o.periodTo}`,
          o.amount,
          o.dueDate,
          o.completed
            ? ctx.colour.green(ctx.t('paid'))
            : o.overdue
              ? ctx.colour.red(ctx.t('overdue'))
              : ctx.colour.yellow(ctx.t('unpaid')),
        ]),
      ),
    )
  }
  out.push(`\n${ctx.colour.bold(`${ctx.t('compareForms')} ${r.year}`)}\n`)
  out.push(comparisonText(ctx, r.comparison))
  return out.join('')
}

/** Long CSV: one row per figure, `section,item,field,value` (section: return, health, obligation, form, threshold, smallZusPlus). */
const csv = (r: AnnualReport): string => {
  const rows: string[][] = []
  const add = (section: string, item: string, o: object | null) => {
    if (!o) return
    for (const [field, value] of Object.entries(o))
      if (value === null || typeof value !== 'object')
        rows.push([section, item, field, value === null ? '' : String(value)])
  }
  add('return', String(r.year), r.annualReturn)
  for (const f of r.annualReturn?.flatRates ?? []) add('return', `rate ${f.rate}`, f)
  add('health', String(r.year), r.healthSettlement)
  for (const o of r.obligations) add('obligation', o.kind, o)
  for (const s of r.comparison?.scenarios ?? [])
    add('form', s.taxType, { ...s, annual: undefined, settlement: undefined })
  for (const w of r.comparison?.warnings ?? []) add('threshold', w.kind, w)
  for (const z of r.comparison?.smallZusPlus ?? []) {
    add('smallZusPlus', String(z.appliesIn), { ...z, reasons: z.reasons.join(' ') })
    add('smallZusPlus', String(z.appliesIn), z.contributions)
  }
  return renderCsv(['section', 'item', 'field', 'value'], rows)
}

const todayOf = (ctx: Ctx) => ctx.now().toISOString().slice(0, 10)

export const reportAnnual = async (
  ctx: Ctx,
  year: number,
  email: string,
  format: Format,
  flatRate: string | null,
): Promise<void> => {
  if (flatRate !== null && !(FlatRates as readonly string[]).includes(flatRate))
    throw new CliError(`--flat-rate must be one of ${FlatRates.join(', ')}`, 2)
  const [b] = await booksOfUsers(ctx, email)
  const r = annualReport(b!.state, year, todayOf(ctx), { flatRate })
  if (format === 'json') ctx.out(`${JSON.stringify(r, null, 2)}\n`)
  else if (format === 'csv') ctx.out(csv(r))
  else ctx.out(table(ctx, r, b!.email))
}
