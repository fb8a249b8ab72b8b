/** The JPK_V7M / JPK_V7K file of a month or a quarter, from the engine's VAT register and declaration. */
import type { BooksState, Contact, Primary } from '@finance/ledger-core/light'
import { companyRecord, vatFiling } from '@finance/ledger-core/light'
import type { JpkProblem, V7Result } from '@finance/tax-files'
import { heavy } from '../heavy.ts'
import { SchemaFailure } from './schemaFailure.ts'

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
