/** The FA(3) invoice the product writes (KSeF's structured invoice) of a one-time company income. */
import type { Address, BooksState, Contact, Invoice, Item, Primary } from '@finance/ledger-core/light'
import { companyRecord, derive, occurrencesOf } from '@finance/ledger-core/light'
import type { Fa3Problem } from '@finance/tax-files'
import { heavy } from '../heavy.ts'
import { SchemaFailure } from './schemaFailure.ts'

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
