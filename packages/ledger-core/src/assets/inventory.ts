/**
 * Stock-taking (spis z natury, uPIT art. 24 ust. 2; the KPiR regulation): the year's income grows by the value of the
 * inventory at the year's end over the value at its start, and falls by the difference when the end is lower. The
 * advances do not see it (art. 44 ust. 2: the income of the book, unless stock is taken every month); the annual
 * return and its health settlement do, and the JPK_PKPIR file reports both values (P_1, P_2). Docs: tax-rules §14.8.
 */
import { divRoundHalfUp, formatMoney, parseMoney } from '../money.ts'
import type { Inventory, InventoryLine } from '../schemas/asset.ts'
import type { MonthFigures } from '../tax/engine.ts'
import type { Grosze } from '../types.ts'

/** A line's value: quantity × unit price, rounded half up to the grosz. */
export const inventoryLineValue = (line: InventoryLine): Grosze => {
  const [whole, frac = ''] = line.quantity.split('.')
  const thousandths = BigInt(whole ?? '0') * 1000n + BigInt(frac.padEnd(3, '0'))
  return divRoundHalfUp(thousandths * parseMoney(line.price), 1000n)
}

/** The stock-takings of a year and what they change. */
export interface YearInventory {
  readonly year: number
  /** The start of the year: its own stock-taking, else the end of the year before, else 0. */
  readonly start: Grosze
  /** The end of the year; `null` while not taken. */
  readonly end: Grosze | null
  /** `end − start` (0 while the end is not taken): added to the year's income. */
  readonly change: Grosze
}

export const yearInventory = (inventories: ReadonlyMap<string, Inventory>, year: number): YearInventory => {
  const own = inventories.get(`${year}:start`)
  const before = inventories.get(`${year - 1}:end`)
  const start = own ? parseMoney(own.amount) : before ? parseMoney(before.amount) : 0n
  const endOf = inventories.get(`${year}:end`)
  const end = endOf ? parseMoney(endOf.amount) : null
  return { year, start, end, change: end === null ? 0n : end - start }
}

/** A year's stock-takings as the API answers them: the values as money strings and the lists as recorded. */
export const inventoryView = (inventories: ReadonlyMap<string, Inventory>, year: number) => {
  const y = yearInventory(inventories, year)
  return {
    year,
    start: formatMoney(y.start),
    end: y.end === null ? null : formatMoney(y.end),
    change: formatMoney(y.change),
    lists: { start: inventories.get(`${year}:start`) ?? null, end: inventories.get(`${year}:end`) ?? null },
  }
}

/**
 * The join with the tax engine: each December gets its year's inventory change (`MonthFigures.inventoryChange`),
 * which only the annual return counts.
 */
export const addInventoryToMonths = (months: MonthFigures[], inventories: ReadonlyMap<string, Inventory>): void => {
  if (inventories.size === 0) return
  for (const f of months) {
    if (!f.month.endsWith('-12')) continue
    const change = yearInventory(inventories, Number(f.month.slice(0, 4))).change
    if (change !== 0n) f.inventoryChange = change
  }
}
