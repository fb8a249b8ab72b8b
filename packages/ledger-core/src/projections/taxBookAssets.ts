/**
 * The register of fixed assets in the KPiR: the register's own lines in column 13 (other expenses) — each asset's
 * deductible write-offs booked in a month, dated the month's last day, and the undepreciated value a disposal makes
 * a cost, dated the disposal (docs/tax-rules.md §11). The tax book folds these like item occurrences (`BookHistory`),
 * so a write-off changed after its month closed becomes a correction like any other entry. The ewidencja przychodów
 * has no costs: these lines never reach it.
 */
import { lastDayOfMonth } from '../calendar.ts'
import { expensedImprovement } from '../assets/plan.ts'
import { improvementsOf, type PlannedAsset, privateSaleOfAsset } from '../assets/register.ts'
import { parseMoney } from '../money.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../types.ts'
import { describeGenerated } from './taxBook/descriptions.ts'

/** One line of the register in the book: what the tax book's targets carry. */
export interface AssetBookLine {
  readonly key: string
  readonly source: {
    readonly itemId: number
    readonly index: number
    readonly dataType: 'Expense'
    readonly asset: true
  }
  readonly month: YearMonthString
  readonly date: LocalDateString
  readonly cells: Readonly<Record<string, Grosze>>
  readonly documentNumber: string
  readonly ksefNumber: null
  readonly counterparty: null
  readonly description: string
}

/** The book lines of one asset with its plan (the entry texts are the book's own, in Polish). */
export const assetBookLines = ({ asset, plan }: PlannedAsset): AssetBookLine[] => {
  const out: AssetBookLine[] = []
  const name = `${asset.data.name}, nr ${asset.data.number}`
  const documentNumber = `ŚT ${asset.data.number}`
  plan.postings.forEach((p, index) => {
    if (p.deductible === 0n) return
    out.push({
      key: `asset:${asset.id}:${p.month}`,
      source: { itemId: asset.id, index, dataType: 'Expense', asset: true },
      month: p.month,
      date: lastDayOfMonth(p.month),
      cells: { K13: p.deductible },
      documentNumber,
      ksefNumber: null,
      counterparty: null,
      description: describeGenerated({
        kind: asset.data.method === 'expensed' ? 'lowValueAsset' : 'depreciation',
        name,
      }),
    })
  })
  const d = plan.disposal
  if (d && d.cost > 0n && asset.disposal)
    out.push({
      key: `asset:${asset.id}:disposal`,
      source: { itemId: asset.id, index: plan.postings.length, dataType: 'Expense', asset: true },
      month: d.month,
      date: asset.disposal.date,
      cells: { K13: d.cost },
      documentNumber: asset.disposal.document || documentNumber,
      ksefNumber: null,
      counterparty: null,
      description: describeGenerated({ kind: 'undepreciatedValue', reason: d.reason, name }),
    })
  // The six-year rule: a sale within six years of the transfer to private use is the business's revenue (column 8)
  // with the undepreciated value as its cost.
  const sale = privateSaleOfAsset(asset, plan)
  if (sale?.business && asset.privateSale) {
    const index = plan.postings.length + 1
    const document = asset.privateSale.document || documentNumber
    const cells: Record<string, Grosze> = {}
    if (sale.revenue !== 0n) cells.K8 = sale.revenue
    if (sale.cost !== 0n) cells.K13 = sale.cost
    if (Object.keys(cells).length > 0)
      out.push({
        key: `asset:${asset.id}:privateSale`,
        source: { itemId: asset.id, index, dataType: 'Expense', asset: true },
        month: sale.month,
        date: sale.date,
        cells,
        documentNumber: document,
        ksefNumber: null,
        counterparty: null,
        description: describeGenerated({ kind: 'privateSale', name }),
      })
  }
  // Spending of a year that stayed at 10 000 zł or less is no improvement (art. 22g ust. 17): a cost on its day.
  const isExpensed = expensedImprovement(improvementsOf(asset))
  asset.improvements.forEach((i, k) => {
    const amount = parseMoney(i.amount)
    if (amount === 0n || !isExpensed(i)) return
    out.push({
      key: `asset:${asset.id}:improvement:${k}`,
      source: { itemId: asset.id, index: plan.postings.length + 2 + k, dataType: 'Expense', asset: true },
      month: i.date.slice(0, 7) as YearMonthString,
      date: i.date,
      cells: { K13: amount },
      documentNumber: i.document || documentNumber,
      ksefNumber: null,
      counterparty: null,
      description: describeGenerated({ kind: 'smallImprovement', name }),
    })
  })
  return out
}
