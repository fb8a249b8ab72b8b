/**
 * The tax book of a year (the KPiR or the ewidencja przychodów, docs/tax-rules.md §7) and its JPK file
 * (JPK_PKPIR(3) / JPK_EWP(4)), from the user's book history (`loadBookHistory`: when every change was recorded
 * decides which months are closed and what became a correction). The API's `books/*` routes and the CLI's
 * `finance books` stream what these return.
 */
import type { EventStore } from '@finance/event-store'
import {
  type BooksState,
  type Contact,
  companyRecord,
  formatMoney,
  type MoneyString,
  type Primary,
  type TaxBook,
  yearInventory,
} from '@finance/ledger-core/light'
import type { JpkForm, JpkProblem, JpkPurpose, SchemaId } from '@finance/tax-files'
import { loadBookHistory } from '../bookHistory.ts'
import { loadBooks } from '../books.ts'
import { heavy } from '../heavy.ts'
import { SchemaFailure } from './schemaFailure.ts'

export interface YearBook {
  readonly book: TaxBook
  /** The company's data the file's header takes (`null` when not entered). */
  readonly primary: Primary | null
  readonly contact: Contact | null
  /** The stock-takings recorded (spis z natury): a year's file reports them unless the request gives others. */
  readonly inventories: BooksState['inventories']
}

/** The tax book of `year` as of `today`, with the company data a JPK file needs. */
export async function yearBook(store: EventStore, userId: string, year: number, today: string): Promise<YearBook> {
  const [history, { state }] = await Promise.all([loadBookHistory(store, userId), loadBooks(store, userId)])
  return {
    book: history.book(year, { today }),
    primary: (companyRecord(state, 'Primary')?.dataObject ?? null) as Primary | null,
    contact: (companyRecord(state, 'Contact')?.dataObject ?? null) as Contact | null,
    inventories: state.inventories,
  }
}

export interface TaxBookFileRequest {
  /** Default: the book that has rows (`defaultForm`). */
  readonly form?: JpkForm | undefined
  /** One month (1–12); the whole year when absent. */
  readonly month?: number | undefined
  /** CelZlozenia; default 1 (first filing). */
  readonly purpose?: JpkPurpose | undefined
  readonly inventoryStart?: MoneyString | undefined
  readonly inventoryEnd?: MoneyString | undefined
  readonly today: string
  readonly now: Date
}

export type TaxBookFile =
  | { readonly ok: true; readonly xml: string; readonly fileName: string; readonly schema: SchemaId }
  | { readonly ok: false; readonly problems: readonly JpkProblem[] }

/**
 * The JPK_PKPIR / JPK_EWP file of a year (or a month of it), checked against the official schema: what the book
 * still lacks comes back as problems; a file our writer got wrong throws `SchemaFailure`, never a download.
 */
export async function taxBookFile(
  store: EventStore,
  userId: string,
  year: number,
  req: TaxBookFileRequest,
): Promise<TaxBookFile> {
  const { jpkFile, defaultForm, validateXml } = await heavy()
  const { book, primary, contact, inventories } = await yearBook(store, userId, year, req.today)
  // A year's file reports the stock-takings recorded for it unless the request gives other values.
  const stock = req.month === undefined ? yearInventory(inventories, year) : null
  const result = jpkFile({
    form: req.form ?? defaultForm(book),
    book,
    month: req.month,
    primary,
    contact,
    purpose: req.purpose ?? 1,
    createdAt: req.now,
    inventoryStart: req.inventoryStart ?? (stock === null ? undefined : formatMoney(stock.start)),
    inventoryEnd: req.inventoryEnd ?? (stock === null || stock.end === null ? undefined : formatMoney(stock.end)),
  })
  if (!result.ok) return result
  const check = await validateXml(result.xml, result.schema)
  if (!check.valid) throw new SchemaFailure(result.schema, check.errors, result.fileName)
  return { ok: true, xml: result.xml, fileName: result.fileName, schema: result.schema }
}
