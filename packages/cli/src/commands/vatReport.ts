/**
 * `finance report vat YYYY-MM --user EMAIL`: the VAT return of the period the month ends, field by field as the
 * dashboard's VAT card and the JPK_V7 file show it (ledger-core's `vatFiling`), with the Polish or English name of
 * each field — the cross-border, fixed-asset and art. 91 fields included (docs/tax-rules.md §19). A month inside a
 * quarter shows its quarter's figures so far. Table (default) or JSON.
 */
import { formatMoney, type VatDeclaration, vatFiling } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Output } from '../cli.ts'
import type { Ctx } from '../context.ts'
import { formatAmount, renderTable } from '../format.ts'
import type { Lang } from '../i18n.ts'

/** The declaration's fields in the form's order, with their names. */
const FIELDS: readonly [keyof VatDeclaration, { pl: string; en: string }][] = [
  ['P_10', { pl: 'Sprzedaż zwolniona (netto)', en: 'Exempt sales (net)' }],
  ['P_11', { pl: 'Sprzedaż poza terytorium kraju (netto)', en: 'Sales outside Poland (net)' }],
  [
    'P_12',
    { pl: 'W tym usługi z art. 100 ust. 1 pkt 4 (VAT-UE)', en: 'Of these, services for EU businesses (VAT-UE)' },
  ],
  ['P_13', { pl: 'Sprzedaż krajowa 0 % (netto)', en: 'Domestic sales at 0 % (net)' }],
  ['P_15', { pl: 'Sprzedaż 5 % (netto)', en: 'Sales at 5 % (net)' }],
  ['P_16', { pl: 'Podatek należny 5 %', en: 'Output VAT at 5 %' }],
  ['P_17', { pl: 'Sprzedaż 7 % albo 8 % (netto)', en: 'Sales at 7 % or 8 % (net)' }],
  ['P_18', { pl: 'Podatek należny 7 % albo 8 %', en: 'Output VAT at 7 % or 8 %' }],
  ['P_19', { pl: 'Sprzedaż 22 % albo 23 % (netto)', en: 'Sales at 22 % or 23 % (net)' }],
  ['P_20', { pl: 'Podatek należny 22 % albo 23 %', en: 'Output VAT at 22 % or 23 %' }],
  ['P_21', { pl: 'Wewnątrzwspólnotowa dostawa towarów (netto)', en: 'Intra-EU supplies of goods (net)' }],
  ['P_22', { pl: 'Eksport towarów (netto)', en: 'Exports of goods (net)' }],
  ['P_23', { pl: 'Wewnątrzwspólnotowe nabycie towarów (netto)', en: 'Intra-EU acquisitions of goods (net)' }],
  ['P_24', { pl: 'Podatek należny od WNT', en: 'Output VAT on intra-EU acquisitions' }],
  ['P_25', { pl: 'Import towarów rozliczany zgodnie z art. 33a (netto)', en: 'Goods imported under art. 33a (net)' }],
  ['P_26', { pl: 'Podatek należny od importu towarów (art. 33a)', en: 'Output VAT on goods imported (art. 33a)' }],
  ['P_27', { pl: 'Import usług innych niż z art. 28b (netto)', en: 'Other services bought from abroad (net)' }],
  [
    'P_28',
    { pl: 'Podatek należny od importu usług innych niż z art. 28b', en: 'Output VAT on other imported services' },
  ],
  ['P_29', { pl: 'Import usług z art. 28b (netto)', en: 'Services bought from abroad (net)' }],
  ['P_30', { pl: 'Podatek należny od importu usług', en: 'Output VAT on services bought from abroad' }],
  [
    'P_31',
    {
      pl: 'Dostawa towarów, dla których podatnikiem jest nabywca (art. 17 ust. 1 pkt 5, netto)',
      en: 'Goods for which the buyer is the taxpayer (net)',
    },
  ],
  ['P_32', { pl: 'Podatek należny od tych towarów', en: 'Output VAT on those goods' }],
  ['P_37', { pl: 'Razem podstawa opodatkowania', en: 'Total sales (net)' }],
  ['P_38', { pl: 'Razem podatek należny', en: 'Total output VAT' }],
  ['P_39', { pl: 'Nadwyżka z poprzedniej deklaracji', en: 'Excess carried from the previous return' }],
  ['P_40', { pl: 'Nabycie środków trwałych (netto)', en: 'Fixed assets bought (net)' }],
  ['P_41', { pl: 'Podatek naliczony od środków trwałych', en: 'Input VAT on fixed assets' }],
  ['P_42', { pl: 'Nabycie pozostałych towarów i usług (netto)', en: 'Other purchases (net)' }],
  ['P_43', { pl: 'Podatek naliczony od pozostałych nabyć', en: 'Input VAT on other purchases' }],
  ['P_44', { pl: 'Korekta podatku naliczonego od środków trwałych', en: 'Correction of input VAT on fixed assets' }],
  ['P_48', { pl: 'Razem podatek naliczony do odliczenia', en: 'Total input VAT to deduct' }],
  ['P_51', { pl: 'Podatek do wpłaty', en: 'VAT to pay' }],
  ['P_53', { pl: 'Nadwyżka podatku naliczonego', en: 'Excess of input VAT' }],
  ['P_62', { pl: 'Nadwyżka do przeniesienia', en: 'Excess carried to the next period' }],
]
const ALWAYS = new Set(['P_38', 'P_48', 'P_51'])

const TEXT = {
  title: { pl: 'Deklaracja VAT', en: 'VAT return' },
  period: { pl: 'okres', en: 'period' },
  field: { pl: 'Pole', en: 'Field' },
  name: { pl: 'Opis', en: 'Description' },
  amount: { pl: 'Kwota [zł]', en: 'Amount [PLN]' },
  none: { pl: 'Brak okresu VAT dla tego miesiąca', en: 'No VAT period for this month' },
}
const say = (lang: Lang, key: keyof typeof TEXT) => TEXT[key][lang]

/** The fields a return shows: every non-zero one and the totals. */
export const vatReturnFields = (d: VatDeclaration): { field: string; pl: string; en: string; amount: string }[] =>
  FIELDS.filter(([f]) => ALWAYS.has(f) || d[f] !== 0n).map(([f, names]) => ({
    field: f,
    ...names,
    amount: formatMoney(d[f] as bigint),
  }))

export const reportVat = async (ctx: Ctx, month: string, email: string, output: Output): Promise<void> => {
  const [b] = await booksOfUsers(ctx, email)
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
