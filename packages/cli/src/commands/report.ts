/**
 * `finance report month YYYY-MM --user EMAIL` and `finance report year YYYY --user EMAIL`: ledger-core's
 * `monthReport`/`yearReport` (the dashboards' figures) and its obligation list, as a table (default), JSON or CSV.
 */
// The projections and reports entries, not the package index: they load no Schema library, so a report starts fast.
import {
  type BooksState,
  type MonthReport,
  monthReport,
  type ObligationDto,
  type SummaryRowDto,
  yearReport,
} from '@finance/ledger-core/light'
import { obligationRows, summaryCsv, summaryRowLabel } from '@finance/books'
import { booksOfUsers } from '../books.ts'
import type { Output } from '../cli.ts'
import type { Ctx } from '../context.ts'
import { type Column, formatAmount, renderCsv, renderTable } from '../format.ts'
import type { MessageKey } from '../i18n.ts'

export interface MonthView extends MonthReport {
  readonly today: string
  /** Obligations for a period that includes the month or due in the month. */
  readonly obligations: readonly ObligationDto[]
}

/**
 * The month report plus the obligations that concern the month: those for a period including it and those due in
 * it (what is paid in it), from the core's obligation lists of this and the previous year.
 */
export const monthView = (state: BooksState, month: string, today: string): MonthView => {
  const year = Number(month.slice(0, 4))
  const seen = new Set<string>()
  const list: ObligationDto[] = []
  for (const y of [year, year + 1])
    for (const o of obligationRows(state, y, today)) {
      const key = `${o.kind}|${o.periodFrom}|${o.periodTo}`
      // A year-end obligation concerns the month it is due in, not every month of the year it settles.
      const yearEnd = o.kind === 'PITAnnual' || o.kind === 'HealthAnnual'
      const relevant = (!yearEnd && o.periodFrom <= month && month <= o.periodTo) || o.dueDate.slice(0, 7) === month
      if (!relevant || seen.has(key)) continue
      seen.add(key)
      list.push(o)
    }
  list.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind.localeCompare(b.kind))
  return { ...monthReport(state, month, today), today, obligations: list }
}

export const SUMMARY_FIELDS: readonly [keyof SummaryRowDto, MessageKey][] = [
  ['companyIncomeAmmount', 'companyIncome'],
  ['companyVatAmmount', 'companyVat'],
  ['companyPitAmmount', 'companyPit'],
  ['companySocialSecurityAmmount', 'companySocialSecurity'],
  ['companyExpenseAmmount', 'companyExpense'],
  ['companysNetIncome', 'companyNetIncome'],
  ['privateIncomeAmmount', 'privateIncome'],
  ['privateExpenseAmmount', 'privateExpense'],
  ['privateIncome', 'privateNet'],
  ['summary', 'summary'],
]

const TOTALS: readonly [keyof MonthReport['totals'], MessageKey][] = [
  ['revenue', 'totalRevenue'],
  ['fees', 'totalFees'],
  ['vat', 'Vat'],
  ['pit', 'Pit'],
  ['socialSecurity', 'SocialSecurity'],
  ['shortSocialSecurity', 'shortSocialSecurity'],
  ['costSummary', 'costSummary'],
]

/** The core's row type names (`revenue`, `fee`, `VAT`, `PIT`, `ZUS`) and obligation kinds → message keys. */
const TYPE_KEYS: Record<string, MessageKey> = {
  revenue: 'Revenue',
  fee: 'Fee',
  VAT: 'Vat',
  PIT: 'Pit',
  ZUS: 'SocialSecurity',
  SocialSecurity: 'SocialSecurity',
  PITAnnual: 'PITAnnual',
  HealthAnnual: 'HealthAnnual',
}
const typeLabel = (ctx: Ctx, type: string) => {
  const key = TYPE_KEYS[type]
  return key ? ctx.t(key) : type
}

/** Whether a money string is zero or below: a tax row of 0.00 (a VAT excess carried forward, a PIT advance of 0). */
const nothingOwed = (amount: string): boolean => amount.startsWith('-') || /^0(\.0+)?$/.test(amount)

/**
 * Paid, to pay or overdue; a payment completed before its amount grew, or a partial payment, shows what is left
 * ("230.00 to pay"). A row of nothing to pay says so, ticked or not, as the core never counts it overdue and the
 * dashboard never marks it to pay.
 */
const statusOf = (
  ctx: Ctx,
  x: { amount: string; completed: boolean; overdue: boolean; remaining?: string | null },
): string => {
  const left = x.remaining != null && !x.remaining.startsWith('-') && x.remaining !== '0.00'
  if (nothingOwed(x.amount) && !left) return ctx.t('nothingToPay')
  if (x.completed && !left) return ctx.colour.green(ctx.t('paid'))
  const text = left ? `${money(ctx, x.remaining!)} ${ctx.t('unpaid')}` : ctx.t(x.overdue ? 'overdue' : 'unpaid')
  return x.overdue ? ctx.colour.red(text) : ctx.colour.yellow(text)
}

const money = (ctx: Ctx, value: string | number) => formatAmount(ctx.lang, String(value))
const period = (o: ObligationDto) => (o.periodFrom === o.periodTo ? o.periodFrom : `${o.periodFrom}..${o.periodTo}`)
const yesNo = (ctx: Ctx, b: boolean) => ctx.t(b ? 'yes' : 'no')
const monthLabel = summaryRowLabel

const obligationsTable = (ctx: Ctx, list: readonly ObligationDto[]): string =>
  list.length === 0
    ? `${ctx.t('noObligations')}\n`
    : renderTable(
        [
          { header: ctx.t('kind') },
          { header: ctx.t('period') },
          { header: ctx.t('amount'), align: 'right' },
          { header: ctx.t('dueDate') },
          { header: ctx.t('status') },
        ],
        list.map((o) => [
          typeLabel(ctx, o.kind),
          period(o),
          money(ctx, o.amount),
          o.dueDate,
          statusOf(ctx, { ...o, remaining: o.remainingAmount }),
        ]),
      )

const monthTable = (ctx: Ctx, v: MonthView, title: string): string => {
  const columns: Column[] = [
    { header: ctx.t('id') },
    { header: ctx.t('date') },
    { header: ctx.t('type') },
    { header: ctx.t('name') },
    { header: ctx.t('company') },
    { header: ctx.t('net'), align: 'right' },
    { header: ctx.t('vat'), align: 'right' },
    { header: ctx.t('gross'), align: 'right' },
    { header: ctx.t('period') },
    { header: ctx.t('dueDate') },
    { header: ctx.t('status') },
  ]
  const rows = v.rows.map((r) => [
    String(r.id),
    r.date,
    typeLabel(ctx, r.type),
    r.name,
    yesNo(ctx, r.company),
    money(ctx, r.net),
    money(ctx, r.vat),
    money(ctx, r.gross),
    r.period,
    r.dueDate,
    r.type === 'VAT' || r.type === 'PIT' || r.type === 'ZUS'
      ? statusOf(ctx, { ...r, amount: r.gross })
      : r.completed
        ? ctx.t('done')
        : '',
  ])
  return [
    `${ctx.colour.bold(title)}\n\n`,
    `${ctx.colour.bold(ctx.t('transactions'))}\n`,
    rows.length === 0 ? `${ctx.t('noTransactions')}\n` : renderTable(columns, rows),
    `\n${ctx.colour.bold(ctx.t('obligations'))}\n`,
    obligationsTable(ctx, v.obligations),
    `\n${ctx.colour.bold(ctx.t('totals'))}\n`,
    renderTable(
      [{ header: '' }, { header: `${ctx.t('amount')} [${ctx.lang === 'pl' ? 'zł' : 'PLN'}]`, align: 'right' }],
      TOTALS.map(([field, key]) => [ctx.t(key), money(ctx, v.totals[field])]),
    ),
    `\n${ctx.colour.bold(`${ctx.t('summary')} ${v.month}`)}\n`,
    renderTable(
      [{ header: '' }, { header: `${ctx.t('amount')} [${ctx.lang === 'pl' ? 'zł' : 'PLN'}]`, align: 'right' }],
      SUMMARY_FIELDS.map(([field, key]) => [ctx.t(key), money(ctx, v.summary[field])]),
    ),
  ].join('')
}

const MONTH_CSV_HEADER = [
  'section',
  'id',
  'date',
  'type',
  'name',
  'company',
  'net',
  'vat',
  'gross',
  'period',
  'dueDate',
  'completed',
  'overdue',
] as const

const monthCsv = (v: MonthView, dialect: Extract<Output, { format: 'csv' }>['dialect']): string =>
  renderCsv(
    MONTH_CSV_HEADER,
    [
      ...v.rows.map((r) => [
        'transaction',
        String(r.id),
        r.date,
        r.type,
        r.name,
        String(r.company),
        r.net,
        r.vat,
        r.gross,
        r.period,
        r.dueDate,
        String(r.completed),
        String(r.overdue),
      ]),
      ...v.obligations.map((o) => [
        'obligation',
        o.transactionId === null ? '' : String(o.transactionId),
        '',
        o.kind,
        '',
        'true',
        '',
        '',
        o.amount,
        period(o),
        o.dueDate,
        String(o.completed),
        String(o.overdue),
      ]),
      ...TOTALS.map(([field]) => ['total', '', '', '', field, '', '', '', v.totals[field], v.month, '', '', '']),
    ],
    dialect,
  )

/** Prints one month of `state` (also used by `replay --user`). */
export const printMonth = (ctx: Ctx, state: BooksState, month: string, today: string, output: Output, title = '') => {
  const v = monthView(state, month, today)
  if (output.format === 'json') ctx.out(`${JSON.stringify(v, null, 2)}\n`)
  else if (output.format === 'csv') ctx.out(monthCsv(v, output.dialect))
  else ctx.out(monthTable(ctx, v, title || `${ctx.t('month')} ${month}`))
}

export const reportMonth = async (ctx: Ctx, month: string, email: string, output: Output): Promise<void> => {
  const [b] = await booksOfUsers(ctx, email, { deleted: true })
  printMonth(ctx, b!.state, month, ctx.today(), output, `${ctx.t('month')} ${month} — ${b!.email}`)
}

export const reportYear = async (
  ctx: Ctx,
  year: number,
  email: string,
  output: Output,
  cumulative = false,
): Promise<void> => {
  const [b] = await booksOfUsers(ctx, email, { deleted: true })
  const r = yearReport(b!.state, year, ctx.today())
  if (output.format === 'json') {
    ctx.out(`${JSON.stringify(r, null, 2)}\n`)
    return
  }
  if (output.format === 'csv') {
    ctx.out(summaryCsv(b!.state, year, ctx.today(), output.dialect, cumulative))
    return
  }
  const rows = [...(cumulative ? r.cumulative : r.months), r.total]
  const cells = (figure: (value: string) => string) =>
    rows.map((row) => [monthLabel(row), ...SUMMARY_FIELDS.map(([field]) => figure(String(row[field])))])
  const kind = cumulative ? ` (${ctx.t('cumulative')})` : ''
  ctx.out(`${ctx.colour.bold(`${ctx.t('yearSummary')} ${year}${kind} — ${b!.email}`)}\n\n`)
  ctx.out(
    renderTable(
      [
        { header: ctx.t('month') },
        ...SUMMARY_FIELDS.map(([, key]) => ({ header: ctx.t(key), align: 'right' as const })),
      ],
      cells((value) => money(ctx, value)),
    ),
  )
  ctx.out(`\n${ctx.colour.bold(`${ctx.t('obligations')} ${year}`)}\n`)
  ctx.out(obligationsTable(ctx, r.obligations))
}
