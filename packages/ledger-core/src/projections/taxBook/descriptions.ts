/**
 * The descriptions of the entries the books write themselves — the owner's Fundusz Pracy, a realised exchange
 * difference, the register of fixed assets' write-offs and disposals — in Polish, as the book and its JPK files state
 * them. `generatedDescription` reads one back from a row, so a screen can say it in the UI's language while the
 * stored text, and every file, keeps the book's words.
 */
import type { DisposalReason } from '../../assets/plan.ts'
import type { YearMonthString } from '../../types.ts'
import type { EntrySource } from './types.ts'

export type GeneratedDescription =
  /** The owner's Fundusz Pracy contribution for `month` (the month it concerns). */
  | { readonly kind: 'labourFund'; readonly month: YearMonthString }
  /** A realised exchange difference (uPIT art. 24c) of the item `name` in `currency`. */
  | { readonly kind: 'exchangeDifference'; readonly currency: string; readonly name: string }
  /** A low-value asset expensed at once (uPIT art. 22d ust. 1). */
  | { readonly kind: 'lowValueAsset'; readonly name: string }
  /** A month's depreciation write-off. */
  | { readonly kind: 'depreciation'; readonly name: string }
  /** The undepreciated value of an asset that left the register. */
  | { readonly kind: 'undepreciatedValue'; readonly reason: DisposalReason; readonly name: string }
  /** A sale within six years of a transfer to private use (uPIT art. 10 ust. 2 pkt 3). */
  | { readonly kind: 'privateSale'; readonly name: string }
  /** Spending on an asset that is no improvement: 10 000 zł or less in its year (uPIT art. 22g ust. 17). */
  | { readonly kind: 'smallImprovement'; readonly name: string }

const DISPOSAL: Readonly<Record<DisposalReason, string>> = {
  sale: 'sprzedaż',
  liquidation: 'likwidacja',
  privateUse: 'przekazanie na cele prywatne',
}

/** The book's own (Polish) description of a generated entry. */
export const describeGenerated = (d: GeneratedDescription): string => {
  switch (d.kind) {
    case 'labourFund':
      return `Składka na Fundusz Pracy za ${d.month.slice(5, 7)}/${d.month.slice(0, 4)}`
    case 'exchangeDifference':
      return `Różnica kursowa zrealizowana (${d.currency}): ${d.name}`
    case 'lowValueAsset':
      return `Wydatek na środek trwały o niskiej wartości (art. 22d ust. 1): ${d.name}`
    case 'depreciation':
      return `Odpis amortyzacyjny: ${d.name}`
    case 'undepreciatedValue':
      return `Niezamortyzowana wartość środka trwałego (${DISPOSAL[d.reason]}): ${d.name}`
    case 'privateSale':
      return `Sprzedaż przed upływem 6 lat od przekazania na cele prywatne (art. 10 ust. 2 pkt 3): ${d.name}`
    case 'smallImprovement':
      return `Wydatki na ulepszenie do 10 000 zł w roku (art. 22g ust. 17): ${d.name}`
  }
}

/** The source id of the owner's Fundusz Pracy lines (records and assets have ids from 1). */
export const LABOUR_FUND_SOURCE = 0

const LABOUR_FUND = /^Składka na Fundusz Pracy za (\d{2})\/(\d{4})$/
const EXCHANGE = /^Różnica kursowa zrealizowana \(([^)]*)\): (.*)$/s
const LOW_VALUE = /^Wydatek na środek trwały o niskiej wartości \(art\. 22d ust\. 1\): (.*)$/s
const DEPRECIATION = /^Odpis amortyzacyjny: (.*)$/s
const UNDEPRECIATED =
  /^Niezamortyzowana wartość środka trwałego \((sprzedaż|likwidacja|przekazanie na cele prywatne)\): (.*)$/s
const PRIVATE_SALE = /^Sprzedaż przed upływem 6 lat od przekazania na cele prywatne \(art\. 10 ust\. 2 pkt 3\): (.*)$/s
const SMALL_IMPROVEMENT = /^Wydatki na ulepszenie do 10 000 zł w roku \(art\. 22g ust\. 17\): (.*)$/s

const reasonOf = (text: string): DisposalReason =>
  text === 'sprzedaż' ? 'sale' : text === 'likwidacja' ? 'liquidation' : 'privateUse'

/**
 * What a row's description says when the books wrote it (`describeGenerated`), `null` for an item's own description.
 * The row's source decides where the text may come from: the Fundusz Pracy's source, the register of fixed assets,
 * or an item (only its exchange difference is written by the books).
 */
export const generatedDescription = (row: {
  readonly description: string
  readonly source: EntrySource
}): GeneratedDescription | null => {
  const text = row.description
  if (row.source.itemId === LABOUR_FUND_SOURCE && !row.source.asset) {
    const m = LABOUR_FUND.exec(text)
    return m ? { kind: 'labourFund', month: `${m[2]}-${m[1]}` as YearMonthString } : null
  }
  if (row.source.asset) {
    const low = LOW_VALUE.exec(text)
    if (low) return { kind: 'lowValueAsset', name: low[1] ?? '' }
    const dep = DEPRECIATION.exec(text)
    if (dep) return { kind: 'depreciation', name: dep[1] ?? '' }
    const und = UNDEPRECIATED.exec(text)
    if (und) return { kind: 'undepreciatedValue', reason: reasonOf(und[1] ?? ''), name: und[2] ?? '' }
    const sale = PRIVATE_SALE.exec(text)
    if (sale) return { kind: 'privateSale', name: sale[1] ?? '' }
    const small = SMALL_IMPROVEMENT.exec(text)
    if (small) return { kind: 'smallImprovement', name: small[1] ?? '' }
    return null
  }
  const fx = EXCHANGE.exec(text)
  return fx ? { kind: 'exchangeDifference', currency: fx[1] ?? '', name: fx[2] ?? '' } : null
}
