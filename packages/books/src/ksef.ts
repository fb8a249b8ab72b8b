/**
 * KSeF and JPK_V7 over a user's books, shared by the API and the CLI:
 * - `importInvoices`: FA(3) files → per file what was imported or why not; the accepted documents are written in
 *   one decision (`ImportDocuments`), each refused whole when the books already hold it;
 * - `issueInvoice`: the FA(3) XML of a one-time company income;
 * - `v7File`: the JPK_V7M / JPK_V7K file of a month or a quarter, from the engine's register and declaration.
 * Every XML handed out is checked against its schema first; a file our own writer got wrong is an error, never a
 * download.
 */
import type { EventStore } from '@finance/event-store'
import type { Address, BooksState, Contact, ImportedDocument, Invoice, Item, Primary } from '@finance/ledger-core/light'
import type { DocumentOutcome } from '@finance/ledger-core'
import { companyRecord, derive, isDomainError, occurrencesOf, vatFiling } from '@finance/ledger-core/light'
import type { Fa3Message, Fa3Problem, InvoiceFile, JpkProblem, PreparedFile, V7Result } from '@finance/tax-files'

/**
 * What validates with the Schema library (the core's decider checks, the tax files), loaded on first use so that
 * importing `@finance/books` stays light for the CLI's read paths.
 */
const heavy = async () => {
  const [core, files] = await Promise.all([import('@finance/ledger-core'), import('@finance/tax-files')])
  return { ...core, ...files }
}
import { loadBooks } from './books.ts'
import { type ExecuteMeta, executeBooks } from './commands/execute.ts'

/** The company's NIPs: Primary data's, and the Invoice data's when it differs. */
export const ourNips = (state: BooksState): string[] => {
  const primary = companyRecord(state, 'Primary')?.dataObject as Primary | undefined
  const invoice = companyRecord(state, 'Invoice')?.dataObject as Invoice | undefined
  return [primary?.nip, invoice?.nip].filter((n): n is string => typeof n === 'string' && n.trim() !== '')
}

export interface ImportedItem {
  readonly id: number
  readonly dataType: string
  readonly name: string
  readonly amount: string
  readonly vatTreatment: string
  readonly percent: string | null
  readonly documentVat: string | null
}

export interface ImportResult {
  readonly fileName: string
  readonly status: 'imported' | 'duplicate' | 'refused'
  readonly kind: 'income' | 'expense' | null
  readonly documentNumber: string | null
  readonly ksefNumber: string | null
  readonly items: readonly ImportedItem[]
  readonly problems: readonly Fa3Message[]
  readonly warnings: readonly Fa3Message[]
}

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

export type IssueResult =
  | { readonly ok: true; readonly xml: string; readonly fileName: string }
  | { readonly ok: false; readonly status: 400 | 404; readonly problems: readonly Fa3Problem[] }

/** The FA(3) invoice of the one-time company income `id`, checked against the official schema. */
export async function issueInvoice(
  state: BooksState,
  id: number,
  opts: { readonly exemptionBasis?: string; readonly now: Date },
): Promise<IssueResult> {
  const { recordProblems, fa3Issue, validateXml } = await heavy()
  const r = state.records.get(id)
  if (!r || r.deleted || (r.dataType !== 'Income' && r.dataType !== 'RecurringIncome'))
    return { ok: false, status: 404, problems: [{ field: 'id', code: 'INVALID', message: 'Not found' }] }
  if (r.dataType === 'RecurringIncome')
    return {
      ok: false,
      status: 400,
      problems: [
        {
          field: 'id',
          code: 'UNSUPPORTED',
          message: 'Invoices are issued for one-time incomes: each needs its own number and KSeF number',
        },
      ],
    }
  if (recordProblems(r.dataType, r.data).length > 0)
    return {
      ok: false,
      status: 400,
      problems: [
        { field: 'id', code: 'INVALID', message: 'The income has values outside the bounds; correct it first' },
      ],
    }
  const item = r.data as Item
  // The percent applied (an income at the rate in force takes the VAT setting's on its day of supply).
  const percent = occurrencesOf(r, derive(state).vatPercentOn)[0]?.percent ?? item.percent ?? '0'
  const addresses = companyRecord(state, 'Addresses')?.dataObject as
    | { permanentPlaceOfBusinessActivity?: Address }
    | undefined
  const result = fa3Issue({
    item,
    percent,
    invoice: (companyRecord(state, 'Invoice')?.dataObject as Invoice | undefined) ?? null,
    primary: (companyRecord(state, 'Primary')?.dataObject as Primary | undefined) ?? null,
    permanentAddress: addresses?.permanentPlaceOfBusinessActivity ?? null,
    contact: (companyRecord(state, 'Contact')?.dataObject as Contact | undefined) ?? null,
    exemptionBasis: opts.exemptionBasis,
    createdAt: opts.now,
  })
  if (!result.ok) return { ok: false, status: 400, problems: result.problems }
  const check = await validateXml(result.xml, 'FA(3)')
  if (!check.valid) throw new SchemaFailure('FA(3)', check.errors)
  return result
}

/** Our own writer produced a document its schema refuses: a bug, answered as a 500 and logged with the errors. */
export class SchemaFailure extends Error {
  override readonly name = 'SchemaFailure'
  readonly schema: string
  readonly errors: readonly { line: number | null; message: string }[]
  constructor(schema: string, errors: readonly { line: number | null; message: string }[]) {
    super(`A written ${schema} document failed its schema`)
    this.schema = schema
    this.errors = errors
  }
}

/** `2026-03` or `2026-Q1`. */
export const V7_PERIOD = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/

export type V7FileResult =
  | (Extract<V7Result, { ok: true }> & { readonly official: boolean; readonly month: string })
  | { readonly ok: false; readonly problems: readonly JpkProblem[] }

/**
 * The JPK_V7 file of `period`: a month (`2026-03`: JPK_V7M, or the month's JPK_V7K when VAT is settled quarterly)
 * or a quarter (`2026-Q1`: the JPK_V7K of its last month, which carries the quarter's declaration).
 */
export async function v7File(
  state: BooksState,
  period: string,
  opts: { readonly purpose: 1 | 2; readonly now: Date },
): Promise<V7FileResult> {
  const { jpkV7File, validateXml, schemaFileOf } = await heavy()
  const m = V7_PERIOD.exec(period)
  if (!m)
    return { ok: false, problems: [{ field: 'period', code: 'INVALID', message: 'Period must be YYYY-MM or YYYY-Qn' }] }
  const quarter = m[2]!.startsWith('Q') ? Number(m[2]!.slice(1)) : null
  const month = quarter === null ? `${m[1]}-${m[2]}` : `${m[1]}-${String(quarter * 3).padStart(2, '0')}`
  const filing = vatFiling(state, month)
  if (!filing)
    return {
      ok: false,
      problems: [{ field: 'period', code: 'EMPTY', message: `The books have no VAT period for ${month}` }],
    }
  if (quarter !== null && filing.period.paymentInterval !== 3)
    return {
      ok: false,
      problems: [
        {
          field: 'period',
          code: 'INVALID',
          message: `VAT is settled monthly in ${period}: file JPK_V7M for each of its months`,
        },
      ],
    }
  const result = jpkV7File({
    filing,
    primary: (companyRecord(state, 'Primary')?.dataObject as Primary | undefined) ?? null,
    contact: (companyRecord(state, 'Contact')?.dataObject as Contact | undefined) ?? null,
    purpose: opts.purpose,
    createdAt: opts.now,
  })
  if (!result.ok) return result
  const check = await validateXml(result.xml, result.schema)
  if (!check.valid) throw new SchemaFailure(result.schema, check.errors)
  return { ...result, official: schemaFileOf(result.schema).official, month }
}
