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
import type { Output } from '../cli.ts'
import { CliError, ExitCode } from '../errors.ts'
import { formatAmount, formatPercent, renderCsv, renderTable } from '../format.ts'
import { type MessageKey, translate } from '../i18n.ts'

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
  ...deductionItemRows(a),
  ['taxBase', a.base],
  ...taxItemRows(a),
  ['taxDue', a.tax],
  ['advances', a.advances],
  ...nonZero([['spouseAdvances', a.items?.spouseAdvances]]),
  a.refund === '0.00' ? ['toPay', a.toPay] : ['refund', a.refund],
]

const nonZero = (rows: [MessageKey, string | undefined][]): [MessageKey, string][] =>
  rows.filter((r): r is [MessageKey, string] => r[1] !== undefined && r[1] !== '0.00')

/** The return's common items that reduce the base: a loss carried forward, IKZE (docs/tax-rules.md). */
const deductionItemRows = (a: AnnualReturnDto): [MessageKey, string][] =>
  nonZero([
    ['lossDeducted', a.items?.lossDeducted],
    ['ikzePaid', a.items?.ikzePaid],
    ['ikzeDeducted', a.items?.ikzePaid === '0.00' ? undefined : a.items?.ikzeDeducted],
  ])

/** Joint filing and the child relief: the tax before the relief, the spouse's part, the relief and its refund. */
const taxItemRows = (a: AnnualReturnDto): [MessageKey, string][] => {
  const i = a.items
  if (!i) return []
  return [
    ...nonZero([
      ['spouseIncome', i.joint ? i.spouseIncome : undefined],
      ['taxBeforeRelief', i.joint || i.childRelief !== '0.00' ? i.taxBeforeRelief : undefined],
      ['childRelief', i.childRelief],
      ['childDeducted', i.childRelief === '0.00' ? undefined : i.childDeducted],
      ['childRefund', i.childRefund],
    ]),
  ]
}

/** What the common items asked for but the law did not give, as notes under the return. */
const itemNotes = (ctx: Ctx, a: AnnualReturnDto): string[] => {
  const i = a.items
  if (!i) return []
  const notes: string[] = []
  for (const l of i.losses)
    if (l.refusal) notes.push(ctx.t('lossRefused', String(l.year), ctx.t(`loss_${l.refusal}` as MessageKey)))
  if (i.jointRefused) notes.push(ctx.t('jointRefused'))
  if (i.childRefused) notes.push(ctx.t('childRefused'))
  if (i.childOverLimit) notes.push(ctx.t('childOverLimit', money(ctx, i.childIncomeLimit)))
  return notes
}

const healthRows = (ctx: Ctx, h: HealthSettlementDto): [MessageKey, string][] => [
  [
    'insuredMonths',
    h.insuredMonths.length > 0 ? `${h.months} (${h.insuredMonths[0]}..${h.insuredMonths.at(-1)})` : String(h.months),
  ],
  [h.taxType === 'Flat' ? 'healthBasisRevenue' : 'healthBasisIncome', h.basis],
  // The rate as the reader writes it (`4,9%` in Polish), as every rate of the CLI.
  h.taxType === 'Flat' ? ['band', String(h.flatTier)] : ['rate', formatPercent(ctx.lang, h.percent)],
  ['computed', h.computed],
  ...(h.taxType === 'Flat'
    ? []
    : ([
        ['minimumBase', h.minimumBase],
        ['minimum', h.minimum],
      ] as [MessageKey, string][])),
  ['dueForYear', h.due],
  ['paidMonthly', h.paid],
  h.overpaid === '0.00' ? ['toPay', h.toPay] : ['overpaid', h.overpaid],
]

/** A figure as the reader writes it (`15 000,50` in Polish); counts and percents pass unchanged. */
const money = (ctx: Ctx, value: string) => formatAmount(ctx.lang, value)

/** The currency after a figure or in a header: `zł` in Polish, `PLN` in English. */
const unit = (ctx: Ctx) => (ctx.lang === 'pl' ? 'zł' : 'PLN')

const keyValueTable = (ctx: Ctx, rows: readonly [MessageKey, string][]) =>
  renderTable(
    [{ header: '' }, { header: `${ctx.t('amount')} [${unit(ctx)}]`, align: 'right' }],
    rows.map(([k, v]) => [ctx.t(k), /^-?\d+\.\d{2}$/.test(v) ? money(ctx, v) : v]),
  )

const comparisonText = (ctx: Ctx, c: FormComparisonDto): string => {
  // A change is said as an amount more or less, never signed (−7 977,84 under "less" would read as a saving).
  const moreOrLess = (change: string, more: MessageKey, less: MessageKey) =>
    ctx.t(change.startsWith('-') ? more : less, money(ctx, change.replace('-', '')))
  const rows = c.scenarios.map((s) => {
    const marks = [s.current ? ctx.t('current') : '', s.taxType === c.cheapest ? ctx.t('cheapest') : '']
      .filter(Boolean)
      .join(', ')
    return [
      `${s.form} (${ctx.t(FORM_KEY[s.taxType])}${s.taxType === 'Flat' ? ` ${formatPercent(ctx.lang, String(s.rate))}` : ''})`,
      money(ctx, s.social),
      money(ctx, s.health),
      money(ctx, s.tax),
      money(ctx, s.total),
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
    `${ctx.t('flatRateUsed', formatPercent(ctx.lang, String(c.flatRate)))}${c.flatRateAssumed ? ` ${ctx.t('flatRateAssumed')}` : ''}\n`,
    `\n${ctx.colour.bold(ctx.t('warnings'))}\n`,
  ]
  if (c.warnings.length === 0) lines.push(`${ctx.t('noWarnings')}\n`)
  for (const w of c.warnings) {
    const status = w.status === 'crossed' ? ctx.colour.red(ctx.t('crossed')) : ctx.colour.yellow(ctx.t('near'))
    const when = w.month ? ` ${ctx.t('inMonth', w.month)}` : ''
    const projected = w.projected ? ` (${ctx.t('projected')})` : ''
    // The month crossed goes with that month's running figure; the year's figure follows apart.
    // (The KSeF limit is a month's own figure: no year's figure to add.)
    const figures =
      w.month && w.valueInMonth && w.kind !== 'ksefMonthly'
        ? `${money(ctx, w.valueInMonth)} / ${money(ctx, w.limit)} ${unit(ctx)}; ${ctx.t('wholeYear')}: ${money(ctx, w.value)} ${unit(ctx)}`
        : `${money(ctx, w.valueInMonth ?? w.value)} / ${money(ctx, w.limit)} ${unit(ctx)}`
    lines.push(`- ${ctx.t(w.kind)}: ${status}${when}${projected} — ${figures}\n`)
  }
  for (const z of c.smallZusPlus) {
    lines.push(
      `\n${ctx.colour.bold(ctx.t('smallZusPlus', z.appliesIn, z.basedOn))}${z.projected ? ` (${ctx.t('projected')})` : ''}\n`,
    )
    const reasons = z.reasons.map((r) => ctx.t(r)).join('; ')
    lines.push(`${z.eligible ? ctx.t('eligible') : ctx.t('notEligible')}${reasons ? ` — ${reasons}` : ''}\n`)
    lines.push(`${ctx.t('revenue')}: ${money(ctx, z.revenue)} / ${money(ctx, z.revenueLimit)} ${unit(ctx)}\n`)
    if (z.eligible && z.basis !== null && z.contributions !== null) {
      lines.push(
        `${ctx.t('zusBasis')}: ${money(ctx, z.basis)} ${unit(ctx)} (${money(ctx, z.minBasis)}–${money(ctx, z.maxBasis)})\n`,
      )
      const now = z.currentMonthly === null ? '' : `; ${ctx.t('zusNow')} ${money(ctx, z.currentMonthly)} ${unit(ctx)}`
      const change = z.monthlyChange === null ? '' : `; ${moreOrLess(z.monthlyChange, 'zusMore', 'zusLess')}`
      lines.push(`${ctx.t('zusMonthly')}: ${money(ctx, z.contributions.total)} ${unit(ctx)}${now}${change}\n`)
      if (z.yearlyChange !== null) lines.push(`${moreOrLess(z.yearlyChange, 'zusYearlyMore', 'zusYearlyLess')}\n`)
    }
    if (z.ratesFallback) lines.push(`${ctx.colour.dim(ctx.t('ratesFallback', z.appliesIn))}\n`)
  }
  return lines.join('')
}

const table = (ctx: Ctx, r: AnnualReport, email: string): string => {
  const out = [`${ctx.colour.bold(`${ctx.t('yearEnd')} ${r.year} — ${email}`)}\n`]
  if (r.projected) out.push(`${ctx.colour.yellow(ctx.t('projectedNote', r.actualThrough))}\n`)
  if (r.ratesFallback) out.push(`${ctx.colour.dim(ctx.t('ratesFallback', r.year))}\n`)
  if (!r.comparison) return [...out, `\n${ctx.t('noBooks')}\n`].join('')
  const a = r.annualReturn
  if (a) {
    out.push(`\n${ctx.colour.bold(`${a.form} (${ctx.t(FORM_KEY[a.taxType])}) — ${ctx.t('dueOn')} ${a.dueDate}`)}\n`)
    out.push(keyValueTable(ctx, returnRows(a)))
    for (const n of itemNotes(ctx, a)) out.push(`${ctx.colour.dim(n)}\n`)
  } else out.push(`\n${ctx.t('noReturn')}\n`)
  const h = r.healthSettlement
  if (h) {
    out.push(
      `\n${ctx.colour.bold(`${ctx.t('healthSettlement')} ${h.from}..${h.to} — ${ctx.t('dueOn')} ${h.dueDate}`)}\n`,
    )
    out.push(keyValueTable(ctx, healthRows(ctx, h)))
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
          money(ctx, o.amount),
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
const csv = (r: AnnualReport, dialect: Extract<Output, { format: 'csv' }>['dialect']): string => {
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
  return renderCsv(['section', 'item', 'field', 'value'], rows, dialect)
}

export const reportAnnual = async (
  ctx: Ctx,
  year: number,
  email: string,
  output: Output,
  flatRate: string | null,
): Promise<void> => {
  // A rate as Polish writes it (8,5) is the same rate.
  const rate = flatRate?.replace(',', '.') ?? null
  if (rate !== null && !(FlatRates as readonly string[]).includes(rate))
    throw new CliError(
      (lang) => translate(lang, 'flatRateChoice', FlatRates.map((r) => formatPercent(lang, r)).join(', ')),
      ExitCode.Usage,
    )
  const [b] = await booksOfUsers(ctx, email, { deleted: true })
  const r = annualReport(b!.state, year, ctx.today(), { flatRate: rate })
  if (output.format === 'json') ctx.out(`${JSON.stringify(r, null, 2)}\n`)
  else if (output.format === 'csv') ctx.out(csv(r, output.dialect))
  else ctx.out(table(ctx, r, b!.email))
}
