/**
 * The FA(3) import (KSeF invoices) into a user's books, shared by the API and the CLI: files → per file what was
 * imported or why not; the accepted documents are written in one decision (`ImportDocuments`), each refused whole
 * when the books already hold it. The bank statements and the KSeF download belong beside it (`imports/`).
 */
import type { EventStore } from '@finance/event-store'
import type { DocumentOutcome } from '@finance/ledger-core'
import type {
  BooksState,
  ImportedDocument,
  ImportedInvoiceItem,
  Invoice,
  InvoiceImportResult,
  Item,
  Primary,
} from '@finance/ledger-core/light'
import { companyRecord, isDomainError } from '@finance/ledger-core/light'
import type { InvoiceFile, PreparedFile } from '@finance/tax-files'
import { loadBooks } from '../books.ts'
import { type ExecuteMeta, executeBooks } from '../commands/execute.ts'
import { heavy } from '../heavy.ts'

/** The company's NIPs: Primary data's, and the Invoice data's when it differs. */
export const ourNips = (state: BooksState): string[] => {
  const primary = companyRecord(state, 'Primary')?.dataObject as Primary | undefined
  const invoice = companyRecord(state, 'Invoice')?.dataObject as Invoice | undefined
  return [primary?.nip, invoice?.nip].filter((n): n is string => typeof n === 'string' && n.trim() !== '')
}

/** The answer types live in the core (`answers.ts`) so that the web app reads the very types written here. */
export type ImportedItem = ImportedInvoiceItem
export type ImportResult = InvoiceImportResult

export interface ImportReport {
  readonly results: readonly ImportResult[]
  readonly imported: number
  readonly refused: number
}

const corrected = (doc: ImportedDocument) =>
  (doc.items[0]?.data as { corrects?: { documentNumber: string; ksefNumber: string | null } | null } | undefined)
    ?.corrects ?? null

/** Whether the books hold the document a correction corrects (by KSeF number, or number and seller). */
const holdsCorrected = (state: BooksState, doc: ImportedDocument) => {
  const c = corrected(doc)
  if (!c) return true
  for (const r of state.records.values()) {
    if (r.deleted) continue
    const item = r.data as Partial<Item>
    if (c.ksefNumber && item.ksefNumber === c.ksefNumber) return true
    if (
      item.documentNumber?.trim().toUpperCase() === c.documentNumber.trim().toUpperCase() &&
      (doc.key.isIncome || item.counterparty?.taxId === doc.key.sellerTaxId)
    )
      return true
  }
  return false
}

const resultOf = (file: PreparedFile, outcome: DocumentOutcome | null, state: BooksState): ImportResult => {
  if (!file.ok)
    return {
      fileName: file.fileName,
      status: 'refused',
      kind: null,
      documentNumber: null,
      ksefNumber: file.ksefNumber,
      items: [],
      problems: file.problems,
      warnings: [],
    }
  const base = {
    fileName: file.fileName,
    kind: file.kind,
    documentNumber: file.document.key.documentNumber,
    ksefNumber: file.document.key.ksefNumber,
  }
  if (outcome === null || !outcome.ok)
    return {
      ...base,
      status: outcome?.ok === false && outcome.code === 'DUPLICATE' ? 'duplicate' : 'refused',
      items: [],
      problems: (outcome && !outcome.ok ? outcome.errors : []).map((e) => ({ code: e.code, message: e.message })),
      // Notes about what the file would have become say nothing about a file that was not imported.
      warnings: [],
    }
  const items = outcome.ids.map((id) => {
    const r = state.records.get(id)!
    const d = r.data as Item
    return {
      id,
      dataType: r.dataType,
      name: d.name,
      amount: d.amount,
      vatTreatment: d.vatTreatment,
      percent: d.percent,
      documentVat: d.documentVat,
      crossBorder: d.crossBorder ?? null,
    }
  })
  const warnings = holdsCorrected(state, file.document)
    ? file.warnings
    : [
        ...file.warnings,
        {
          code: 'CORRECTED_NOT_FOUND',
          message: `The corrected invoice ${corrected(file.document)!.documentNumber} is not in the books`,
          params: { number: corrected(file.document)!.documentNumber },
        },
      ]
  return { ...base, status: 'imported', items, problems: [], warnings }
}

/**
 * Imports FA(3) files into the user's books. Files are checked first (schema, the company's role, what each becomes);
 * the documents that pass are planned against the books and the accepted ones written in one decision. A concurrent
 * change of the books between the plan and the write is planned again once.
 */
export async function importInvoices(
  store: EventStore,
  userId: string,
  files: readonly InvoiceFile[],
  at: () => Date,
  meta: ExecuteMeta = {},
): Promise<ImportReport> {
  const { prepareInvoices, planDocuments } = await heavy()
  const { state } = await loadBooks(store, userId)
  const prepared = await prepareInvoices(files, ourNips(state))
  const ready = prepared.flatMap((p, i) => (p.ok ? [{ i, document: p.document }] : []))
  for (let attempt = 0; ; attempt++) {
    const { state: current } = await loadBooks(store, userId)
    const plan = planDocuments(
      current,
      ready.map((r) => r.document),
    )
    const outcomes = new Map<number, DocumentOutcome>(ready.map((r, k) => [r.i, plan.outcomes[k]!]))
    const accepted = ready.filter((_, k) => plan.outcomes[k]!.ok)
    let after = current
    if (accepted.length > 0) {
      const executed = await executeBooks(
        store,
        userId,
        { type: 'ImportDocuments', documents: accepted.map((r) => r.document), at: at().toISOString(), userId },
        meta,
      )
      if (isDomainError(executed)) {
        // The books changed between the plan and the decision (another import of the same file): plan again.
        if (attempt === 0) continue
        throw new Error(`The import was refused after a concurrent change: ${executed.message}`)
      }
      after = executed.state
      // The events are the accepted documents' items, in order: their ids are the ones written.
      let next = 0
      for (const r of accepted) {
        const ids = executed.events
          .slice(next, next + r.document.items.length)
          .map((e) => (e.data as { id: number }).id)
        next += r.document.items.length
        outcomes.set(r.i, { ok: true, ids })
      }
    }
    const results = prepared.map((p, i) => resultOf(p, outcomes.get(i) ?? null, after))
    return {
      results,
      imported: results.filter((r) => r.status === 'imported').length,
      refused: results.filter((r) => r.status !== 'imported').length,
    }
  }
}
