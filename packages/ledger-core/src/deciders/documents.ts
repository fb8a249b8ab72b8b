/**
 * Documents entered whole (an FA(3) invoice imported from KSeF becomes one or more items): which documents the
 * books already hold, and the plan of an import — per document either the items it adds or why it is refused.
 * `decide` runs the same plan for the `ImportDocuments` command, so what an API or CLI caller was told before
 * writing is what the decision writes (or, after a concurrent change, refuses whole).
 *
 * A document is in the books when an item carries its KSeF number, or (the same seller) its number: an income
 * with the number among the company's incomes (the company is the seller), an expense with the number and the
 * seller's tax id among the expenses. Numbers compare without case and with whitespace collapsed.
 */
import type { DocumentKey, ImportedDocument } from '../commands.ts'
import type { FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { isIncomeType, isItemDataType, type Item } from '../schemas/records.ts'
import { validItem } from './validItem.ts'
import type { BooksState } from '../model/state.ts'

export const DUPLICATE_MESSAGE = 'This document is already in the books'

const normalNumber = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase()
const normalTaxId = (s: string) => s.replace(/[\s-]/g, '').toUpperCase()

const numberKey = (isIncome: boolean, documentNumber: string, sellerTaxId: string) =>
  isIncome ? `S|${normalNumber(documentNumber)}` : `P|${normalTaxId(sellerTaxId)}|${normalNumber(documentNumber)}`

/** The identities of the documents the books hold (live items only). */
export interface DocumentIndex {
  readonly ksefNumbers: Set<string>
  readonly numbers: Set<string>
}

const indexCache = new WeakMap<BooksState, DocumentIndex>()

const addToIndex = (index: DocumentIndex, key: DocumentKey) => {
  if (key.ksefNumber) index.ksefNumbers.add(key.ksefNumber.toUpperCase())
  if (key.documentNumber.trim() !== '' && (key.isIncome || key.sellerTaxId.trim() !== ''))
    index.numbers.add(numberKey(key.isIncome, key.documentNumber, key.sellerTaxId))
}

/** Every document identity of the live items of `state` (cached per state). */
export const documentIndex = (state: BooksState): DocumentIndex => {
  const hit = indexCache.get(state)
  if (hit) return hit
  const index: DocumentIndex = { ksefNumbers: new Set(), numbers: new Set() }
  for (const r of state.records.values()) {
    if (r.deleted || !isItemDataType(r.dataType)) continue
    const item = r.data as Partial<Item>
    const isIncome = isIncomeType(r.dataType)
    addToIndex(index, {
      isIncome,
      ksefNumber: item.ksefNumber ?? null,
      documentNumber: item.documentNumber ?? '',
      sellerTaxId: isIncome ? '' : (item.counterparty?.taxId ?? ''),
    })
  }
  indexCache.set(state, index)
  return index
}

/** Whether `index` holds the document `key`. */
export const holdsDocument = (index: DocumentIndex, key: DocumentKey): boolean =>
  (key.ksefNumber !== null && index.ksefNumbers.has(key.ksefNumber.toUpperCase())) ||
  (key.documentNumber.trim() !== '' &&
    (key.isIncome || key.sellerTaxId.trim() !== '') &&
    index.numbers.has(numberKey(key.isIncome, key.documentNumber, key.sellerTaxId)))

export type DocumentOutcome =
  | { readonly ok: true; readonly ids: readonly number[] }
  | { readonly ok: false; readonly code: 'DUPLICATE' | 'VALIDATION'; readonly errors: readonly FieldError[] }

export interface DocumentsPlan {
  /** One per document, in order. */
  readonly outcomes: readonly DocumentOutcome[]
  /** The events of the accepted documents. */
  readonly events: readonly LedgerEvent[]
}

/**
 * What importing `documents` into `state` does: each document is refused whole (already in the books, also by an
 * earlier document of the same batch; an item that does not validate) or adds its items with the next ids.
 */
export const planDocuments = (state: BooksState, documents: readonly ImportedDocument[]): DocumentsPlan => {
  const hit = prepared.get(documents)
  if (hit?.state === state) return hit.plan
  const steps = planDocumentsInSteps(state, documents, Number.POSITIVE_INFINITY)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Plans made ahead by `planDocumentsInSteps` (per documents list, for the books they were planned on). */
const prepared = new WeakMap<readonly ImportedDocument[], { state: BooksState; plan: DocumentsPlan }>()

/**
 * `planDocuments` in steps of `every` documents: the generator yields after each step and returns the plan, which
 * it also keeps for `planDocuments` of the same documents on the same books (so the decision of an `ImportDocuments`
 * planned this way ahead does not plan again). A caller can let other work run between the steps of a large import
 * (validating thousands of items takes hundreds of milliseconds).
 */
export function* planDocumentsInSteps(
  state: BooksState,
  documents: readonly ImportedDocument[],
  every: number,
): Generator<void, DocumentsPlan> {
  const held = documentIndex(state)
  const batch: DocumentIndex = { ksefNumbers: new Set(), numbers: new Set() }
  let nextId = state.nextId
  const outcomes: DocumentOutcome[] = []
  const events: LedgerEvent[] = []
  let planned = 0
  for (const doc of documents) {
    if (++planned % every === 0) yield
    if (holdsDocument(held, doc.key) || holdsDocument(batch, doc.key)) {
      outcomes.push({
        ok: false,
        code: 'DUPLICATE',
        errors: [{ field: 'document', code: 'VALIDATION', message: DUPLICATE_MESSAGE }],
      })
      continue
    }
    const errors: FieldError[] = []
    const added: LedgerEvent[] = []
    doc.items.forEach((it, i) => {
      // An item in a foreign currency is converted at the NBP rates the books hold (deciders/currency.ts).
      const c = isItemDataType(it.dataType) ? validItem(state, it.dataType, it.data) : null
      if (c === null)
        errors.push({ field: `items.${i}.dataType`, code: 'UNKNOWN_DATA_TYPE', message: 'Unknown data type' })
      else if (!c.ok) for (const e of c.errors) errors.push({ ...e, field: `items.${i}.${e.field}` })
      else
        added.push({
          type: 'ItemAdded',
          data: { id: nextId + added.length, dataType: it.dataType, data: c.value },
        } as LedgerEvent)
    })
    if (doc.items.length === 0)
      errors.push({ field: 'items', code: 'REQUIRED', message: 'A document needs at least one item' })
    if (errors.length > 0) {
      outcomes.push({ ok: false, code: 'VALIDATION', errors })
      continue
    }
    outcomes.push({ ok: true, ids: added.map((e) => (e.data as { id: number }).id) })
    nextId += added.length
    events.push(...added)
    addToIndex(batch, doc.key)
  }
  const plan = { outcomes, events }
  if (every !== Number.POSITIVE_INFINITY) prepared.set(documents, { state, plan })
  return plan
}
