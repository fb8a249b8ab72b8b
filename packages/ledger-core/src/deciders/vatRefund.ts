/**
 * `SetVatRefund`: asks for a refund of the excess of input VAT in the declaration of the VAT period ending in a month
 * (uVAT art. 87; docs/tax-rules.md "VAT refunds"), or withdraws it. Validated whole before anything is written; the
 * amount actually refunded is the tax engine's (at most the period's excess, P_53), so a later change of the books
 * never leaves a refund larger than the excess.
 */
import { isYearMonth } from '../calendar.ts'
import type { SetVatRefund } from '../commands.ts'
import { type DomainError, domainError, type FieldError, type ValidationResult } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { parseMoney } from '../money.ts'
import type { BooksState } from '../model/state.ts'
import { textProblem } from '../schemas/bounds.ts'
import { isBlank } from '../schemas/common.ts'
import { looseObject as obj, normalizeWholeZloty, optionalObject } from '../schemas/normalize.ts'
import type { VatRefund } from '../schemas/vatRefund.ts'
import { VAT_REFUND_TERMS, type VatRefundTerm, vatRefundTermsFor } from '../tax/vatRefund.ts'

export const VatRefundMessages = {
  month: 'Month must be in format yyyy-mm',
  amount: 'Refund must be a whole number of złoty greater than 0',
  term: `Refund term must be one of ${VAT_REFUND_TERMS.join(', ')}`,
  offsetAmount: 'The amount set against future liabilities must be a whole number of złoty greater than 0',
  offsetOverRefund: 'The amount set against future liabilities must not be more than the refund',
  liability: 'Name the future tax liability in at most 240 characters',
  noSixtyDays: 'From February 2026 there is no 60-day refund: the general term is 40 days',
  offset: 'The offset must be an object with amount and liability',
} as const

/** The declaration's text fields (`TZnakowy`) hold at most this many characters. */
const LIABILITY_MAX = 240

const wholeZloty = normalizeWholeZloty

/** A refund as the user gives it (`amount` blank: the whole excess), normalized, or every invalid field. */
export const validateVatRefund = (data: unknown): ValidationResult<VatRefund> => {
  const d = obj(data)
  const errors: FieldError[] = []
  const amount = isBlank(d.amount) ? null : wholeZloty(d.amount)
  if (!isBlank(d.amount) && amount === null)
    errors.push({ field: 'amount', code: 'INVALID_MONEY', message: VatRefundMessages.amount })
  const term = VAT_REFUND_TERMS.includes(d.term as VatRefundTerm) ? (d.term as VatRefundTerm) : null
  if (term === null)
    errors.push({
      field: 'term',
      code: isBlank(d.term) ? 'REQUIRED' : 'INVALID_CHOICE',
      message: VatRefundMessages.term,
    })
  let offset: VatRefund['offset'] = null
  const o = optionalObject(errors, 'offset', d.offset, VatRefundMessages.offset)
  if (o !== null) {
    const offsetAmount = wholeZloty(o.amount)
    if (offsetAmount === null)
      errors.push({
        field: 'offset.amount',
        code: isBlank(o.amount) ? 'REQUIRED' : 'INVALID_MONEY',
        message: VatRefundMessages.offsetAmount,
      })
    else if (amount !== null && parseMoney(offsetAmount) > parseMoney(amount))
      errors.push({ field: 'offset.amount', code: 'VALIDATION', message: VatRefundMessages.offsetOverRefund })
    const liability = typeof o.liability === 'string' ? o.liability.trim().replace(/\s+/g, ' ') : ''
    if (liability === '' || [...liability].length > LIABILITY_MAX || textProblem(liability) !== null)
      errors.push({
        field: 'offset.liability',
        code: liability === '' ? 'REQUIRED' : 'INVALID_TEXT',
        message: VatRefundMessages.liability,
      })
    offset = { amount: offsetAmount ?? '0.00', liability }
  }
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: { amount, term: term!, offset } }
}

export const decideVatRefund = (command: SetVatRefund, state: BooksState): LedgerEvent[] | DomainError => {
  const errors: FieldError[] = []
  if (!isYearMonth(command.month))
    errors.push({ field: 'month', code: 'INVALID_DATE', message: VatRefundMessages.month })
  const v = command.refund === null ? null : validateVatRefund(command.refund)
  if (v && !v.ok) errors.push(...v.errors)
  if (v?.ok && isYearMonth(command.month) && !vatRefundTermsFor(command.month).includes(v.value.term))
    errors.push({ field: 'term', code: 'INVALID_CHOICE', message: VatRefundMessages.noSixtyDays })
  if (errors.length > 0) return domainError('VALIDATION', errors[0]?.message, errors)
  const month = command.month as string
  const refund = v?.ok ? v.value : null
  const before = state.vatRefunds?.get(month) ?? null
  // Asking again for what is asked, or withdrawing what is not: nothing to write.
  if (JSON.stringify(before) === JSON.stringify(refund)) return []
  return [{ type: 'VatRefundSet', data: { month, refund } }]
}
