/** The FA(3) invoice the product writes (KSeF's structured invoice) of a one-time company income or an invoice document. */
import type { Address, BooksState, Contact, Invoice, Item, Primary } from '@finance/ledger-core/light'
import { companyRecord, derive, invoiceDetail, ksefNumberOfInvoice, occurrencesOf } from '@finance/ledger-core/light'
import type { Fa3DocumentRequest, Fa3Problem } from '@finance/tax-files'
import { heavy } from '../heavy.ts'
import { SchemaFailure } from './schemaFailure.ts'

export type IssueResult =
  | { readonly ok: true; readonly xml: string; readonly fileName: string }
  | { readonly ok: false; readonly status: 400 | 404; readonly problems: readonly Fa3Problem[] }

/** The seller's data of the FA(3) writer: the company records. */
const sellerData = (state: BooksState) => {
  const addresses = companyRecord(state, 'Addresses')?.dataObject as
    | { permanentPlaceOfBusinessActivity?: Address }
    | undefined
  return {
    invoice: (companyRecord(state, 'Invoice')?.dataObject as Invoice | undefined) ?? null,
    primary: (companyRecord(state, 'Primary')?.dataObject as Primary | undefined) ?? null,
    permanentAddress: addresses?.permanentPlaceOfBusinessActivity ?? null,
    contact: (companyRecord(state, 'Contact')?.dataObject as Contact | undefined) ?? null,
  }
}

/**
 * What the FA(3) writer needs of invoice `id` numbered `number` (a draft: the number it would get): the document, the
 * company as the seller, and for a correction the invoice it corrects as it stood before. `null`: no such invoice.
 */
export const fa3RequestOf = (state: BooksState, id: number, number: string, now: Date): Fa3DocumentRequest | null => {
  const detail = invoiceDetail(state, id)
  if (!detail) return null
  const c = detail.data.correction
  const orig = c ? state.invoicing.invoices.get(c.invoiceId) : undefined
  return {
    document: detail.data,
    number,
    corrected:
      orig && detail.linesBefore
        ? {
            number: orig.number ?? '',
            issueDate: orig.data.issueDate,
            ksefNumber: ksefNumberOfInvoice(state, orig),
            lines: detail.linesBefore,
          }
        : null,
    ...sellerData(state),
    createdAt: now,
    pln: detail.pln,
  }
}

/** The FA(3) invoice of the issued invoice document `id`, checked against the official schema. */
export async function invoiceDocumentFile(state: BooksState, id: number, now: Date): Promise<IssueResult> {
  const inv = state.invoicing.invoices.get(id)
  if (!inv || inv.deleted)
    return { ok: false, status: 404, problems: [{ field: 'id', code: 'INVALID', message: 'Not found' }] }
  if (inv.status !== 'issued' || inv.number === null)
    return {
      ok: false,
      status: 400,
      problems: [{ field: 'id', code: 'INVALID', message: 'Issue the invoice first: a draft has no number yet' }],
    }
  const { fa3IssueDocument, validateXml } = await heavy()
  const result = fa3IssueDocument(fa3RequestOf(state, id, inv.number, now)!)
  if (!result.ok) return { ok: false, status: 400, problems: result.problems }
  const check = await validateXml(result.xml, 'FA(3)')
  if (!check.valid) throw new SchemaFailure('FA(3)', check.errors)
  return result
}

/** The FA(3) invoice of the one-time company income `id`, checked against the official schema. */
export async function issueInvoice(
  state: BooksState,
  id: number,
  opts: { readonly exemptionBasis?: string; readonly now: Date },
): Promise<IssueResult> {
  // An invoice document (or one of the incomes it put into the books) is written from the document.
  const invoiceId = state.invoicing.invoices.has(id) ? id : state.invoicing.itemInvoice.get(id)
  if (invoiceId !== undefined) return invoiceDocumentFile(state, invoiceId, opts.now)
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
  const result = fa3Issue({
    item,
    percent,
    ...sellerData(state),
    exemptionBasis: opts.exemptionBasis,
    createdAt: opts.now,
  })
  if (!result.ok) return { ok: false, status: 400, problems: result.problems }
  const check = await validateXml(result.xml, 'FA(3)')
  if (!check.valid) throw new SchemaFailure('FA(3)', check.errors)
  return result
}
