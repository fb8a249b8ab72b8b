/**
 * `finance assets list|plan`: the register of fixed assets as of a year's end, and one asset's plan year by year
 * (or month by month) — the same projection as `GET /api/assets` and the web screen (docs/tax-rules.md §14).
 * Headings in Polish or English (`--lang`); the register's own texts (names, documents) stay as entered.
 */
import {
  type AssetCardDto,
  type AssetRegisterDto,
  type AssetVatView,
  assetCard,
  assetRegister,
  assetVatView,
  assetVatBooks,
} from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { type Column, formatAmount, formatPercent, renderCsv, renderTable } from '../format.ts'
import { catalog, type Lang } from '../i18n.ts'
import { openSink } from '../sink.ts'

export type AssetsFormat = 'table' | 'csv' | 'json'

const labelOf = catalog('assets')
const methodOf = catalog('assetMethods')
const reasonOf = catalog('assetReasons')
type Label = Parameters<typeof labelOf>[1]

type Row = AssetRegisterDto['assets'][number]

const registerColumns = (lang: Lang, csv: boolean): (Column & { value: (r: Row) => string })[] => {
  const l = (k: Label) => labelOf(lang, k)
  const amount = (v: string) => (csv ? v : formatAmount(lang, v))
  return [
    { header: l('number'), value: (r) => r.number },
    { header: l('acquired'), value: (r) => r.acquisitionDate },
    { header: l('entered'), value: (r) => r.entryDate },
    { header: l('document'), value: (r) => r.document },
    { header: l('name'), value: (r) => r.name },
    { header: l('kst'), value: (r) => r.kst },
    { header: l('value'), align: 'right', value: (r) => amount(r.value) },
    { header: l('method'), value: (r) => methodOf(lang, r.method) },
    { header: l('rate'), align: 'right', value: (r) => (csv ? r.rate : formatPercent(lang, r.rate)) },
    { header: l('year'), align: 'right', value: (r) => amount(r.writeOffYear) },
    { header: l('deductible'), align: 'right', value: (r) => amount(r.deductibleYear) },
    { header: l('toDate'), align: 'right', value: (r) => amount(r.writeOffToDate) },
    { header: l('remaining'), align: 'right', value: (r) => amount(r.remaining) },
    {
      header: l('disposal'),
      value: (r) =>
        r.disposal
          ? `${r.disposal.date} ${reasonOf(lang, r.disposal.reason)}${r.disposal.vat ? ` VAT ${amount(r.disposal.vat.amount)}` : ''}`
          : '',
    },
  ]
}

/** The register as a table (or CSV rows). */
export const registerText = (ctx: Ctx, register: AssetRegisterDto, format: AssetsFormat): string => {
  const lang = ctx.lang
  if (format === 'json') return `${JSON.stringify(register, null, 2)}\n`
  const columns = registerColumns(lang, format === 'csv')
  const rows = register.assets.map((r) => columns.map((c) => c.value(r)))
  if (format === 'csv')
    return renderCsv(
      columns.map((c) => c.header),
      rows,
    )
  const l = (k: Label) => labelOf(lang, k)
  const head = `${ctx.colour.bold(l('title'))} (${l('asOf')} ${register.year})\n`
  if (rows.length === 0) return `${head}${l('none')}\n`
  const t = register.totals
  const a = (v: string) => formatAmount(lang, v)
  rows.push([
    '',
    '',
    '',
    '',
    l('total'),
    '',
    a(t.value),
    '',
    '',
    a(t.writeOffYear),
    a(t.deductibleYear),
    a(t.writeOffToDate),
    a(t.remaining),
    '',
  ])
  return `${head}${renderTable(columns, rows)}`
}

/**
 * One asset's plan by year (or by booked month); in a table, its art. 91 corrections of input VAT below it once a
 * change of its use is recorded or an exempt sale corrects them (`vat`, as `GET /api/assets/{id}/vat`).
 */
export const planText = (
  ctx: Ctx,
  card: AssetCardDto,
  format: AssetsFormat,
  monthly: boolean,
  vat: AssetVatView | null = null,
): string => {
  const lang = ctx.lang
  if (format === 'json') return `${JSON.stringify(card, null, 2)}\n`
  const l = (k: Label) => labelOf(lang, k)
  const csv = format === 'csv'
  const amount = (v: string) => (csv ? v : formatAmount(lang, v))
  let header: string[]
  let rows: string[][]
  if (monthly) {
    header = [l('month'), l('writeOff'), l('deductible')]
    rows = card.postings.map((p) => [p.month, amount(p.writeOff), amount(p.deductible)])
  } else {
    header = [l('yearCol'), l('writeOff'), l('deductible'), l('cumulative'), l('remaining')]
    rows = card.years.map((y) => [
      String(y.year),
      amount(y.writeOff),
      amount(y.deductible),
      amount(y.cumulative),
      amount(y.remaining),
    ])
  }
  if (csv) return renderCsv(header, rows)
  const a = card.asset
  const lines = [
    `${ctx.colour.bold(`${l('planOf')}: ${a.number} ${a.name}`)}`,
    `${l('kst')} ${a.kst}${a.kstName ? ` (${a.kstName[lang]})` : ''}; ${methodOf(lang, a.method)}, ${formatPercent(lang, a.rate)}; ${l('value')} ${formatAmount(lang, a.value)}`,
    ...(a.carLimit ? [`${l('carLimit')}: ${formatAmount(lang, a.carLimit)}`] : []),
    ...(card.switchedToLinear ? [`${l('switched')}: ${card.switchedToLinear}`] : []),
  ]
  const columns: Column[] = header.map((h, i) => ({ header: h, ...(i > 0 ? { align: 'right' as const } : {}) }))
  return `${lines.join('\n')}\n${renderTable(columns, rows)}${vatText(ctx, vat)}`
}

/**
 * The art. 91 lines under a plan: the changes of use, then each correction in its month (an exempt sale's alone when
 * no change was recorded; none of either: nothing).
 */
const vatText = (ctx: Ctx, vat: AssetVatView | null): string => {
  if (vat === null || (vat.changes.length === 0 && vat.corrections.length === 0)) return ''
  const l = (k: Label) => labelOf(ctx.lang, k)
  const lines = [
    '',
    ctx.colour.bold(l('vatCorrections')),
    ...vat.changes.map((c) => `${l('vatUse')} ${c.date}: ${c.taxedPercent} % (${l('before')}: ${c.previousPercent} %)`),
    ...vat.corrections.map(
      (c) =>
        `${c.month}  ${formatAmount(ctx.lang, c.amount)}  ` +
        (c.forRemainingYears ? `${l('remainingYears')} (${c.year}–${vat.lastYear})` : `${l('forYear')} ${c.year}`),
    ),
  ]
  return `${lines.join('\n')}\n`
}

const write = async (ctx: Ctx, text: string, out: string | undefined) => {
  const sink = await openSink(ctx, out)
  try {
    await sink.write(text)
  } finally {
    await sink.close()
  }
}

export const assetsListCommand = async (
  ctx: Ctx,
  o: { user: string; year?: number; format: AssetsFormat; out?: string },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const year = o.year ?? Number(ctx.today().slice(0, 4))
  await write(ctx, registerText(ctx, assetRegister(user!.state.assets, year), o.format), o.out)
}

export const assetsPlanCommand = async (
  ctx: Ctx,
  number: string,
  o: { user: string; format: AssetsFormat; monthly?: boolean; out?: string },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const assets = user!.state.assets
  const asset = [...assets.values()].find((a) => !a.deleted && a.data.number === number)
  const card = asset ? assetCard(assets, asset.id, Number(ctx.today().slice(0, 4))) : null
  if (!card) throw new CliError(`${labelOf(ctx.lang, 'notFound')} ${number}`)
  const vat = assetVatView(assets, card.asset.id, assetVatBooks(user!.state))
  await write(ctx, planText(ctx, card, o.format, o.monthly ?? false, vat), o.out)
}
