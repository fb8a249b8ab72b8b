/** `RecordWhiteListChecks`: the white list's answers kept as evidence of the payments they concern (`whiteList.ts`). */
import { isLocalDate } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import { type DomainError, domainError, type FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import type { BankWhiteListCheck } from './state.ts'
import { betterEvidence, whiteListPayments } from './whiteList.ts'

const RESULTS: ReadonlySet<string> = new Set(['active', 'exempt', 'listed', 'absent'])
const SOURCES: ReadonlySet<string> = new Set(['flatFile', 'api'])

const checkErrors = (c: Record<string, unknown>, at: string): FieldError[] => {
  const errors: FieldError[] = []
  const bad = (f: string, message: string, code: FieldError['code'] = 'VALIDATION') =>
    errors.push({ field: `${at}.${f}`, code, message })
  if (typeof c.lineId !== 'string' || !/^[0-9a-f]{16}$/.test(c.lineId)) bad('lineId', 'Line id must be 16 hex digits')
  if (typeof c.nip !== 'string' || !/^\d{10}$/.test(c.nip)) bad('nip', 'NIP must be 10 digits')
  if (typeof c.account !== 'string' || !/^\d{26}$/.test(c.account)) bad('account', 'Account must be 26 digits')
  if (!isLocalDate(c.listDate)) bad('listDate', 'Date must be a date in format yyyy-mm-dd', 'INVALID_DATE')
  if (typeof c.source !== 'string' || !SOURCES.has(c.source))
    bad('source', 'Source must be flatFile or api', 'INVALID_CHOICE')
  if (typeof c.result !== 'string' || !RESULTS.has(c.result))
    bad('result', 'Result must be active, exempt, listed or absent', 'INVALID_CHOICE')
  if (c.requestId !== null && c.requestId !== undefined && (typeof c.requestId !== 'string' || c.requestId.length > 64))
    bad('requestId', 'Request id must be text of at most 64 characters', 'INVALID_TEXT')
  return errors
}

export const decideWhiteListChecks = (state: BooksState, input: unknown): LedgerEvent[] | DomainError => {
  if (!Array.isArray(input) || input.length > 10_000)
    return domainError('VALIDATION', 'Checks must be a list of at most 10 000', [
      { field: 'checks', code: 'VALIDATION', message: 'Checks must be a list of at most 10 000' },
    ])
  const errors: FieldError[] = []
  input.forEach((c, i) => {
    if (typeof c !== 'object' || c === null)
      errors.push({ field: `checks.${i}`, code: 'VALIDATION', message: 'Not a check' })
    else errors.push(...checkErrors(c as Record<string, unknown>, `checks.${i}`))
  })
  if (errors.length > 0) return domainError('VALIDATION', errors[0]!.message, errors)
  const payments = new Map(whiteListPayments(state).map((p) => [p.lineId, p]))
  const out: LedgerEvent[] = []
  const kept = new Map<string, string>()
  for (const [i, raw] of (input as Record<string, unknown>[]).entries()) {
    const c = raw as unknown as BankWhiteListCheck
    const p = payments.get(c.lineId)
    if (!p)
      return domainError('VALIDATION', 'The line is not a payment the white list concerns', [
        {
          field: `checks.${i}.lineId`,
          code: 'INVALID_CHOICE',
          message: 'The line is not a payment the white list concerns',
        },
      ])
    if (p.nip !== c.nip || p.account !== c.account)
      return domainError('VALIDATION', "The check is not of the payment's NIP and account", [
        {
          field: `checks.${i}.account`,
          code: 'VALIDATION',
          message: "The check is not of the payment's NIP and account",
        },
      ])
    const before = kept.get(c.lineId) ?? p.check?.listDate ?? null
    if (!betterEvidence(c.listDate, before, p.bookingDate)) continue
    kept.set(c.lineId, c.listDate)
    out.push({
      type: 'BankWhiteListChecked',
      data: {
        lineId: c.lineId,
        nip: c.nip,
        account: c.account,
        listDate: c.listDate,
        source: c.source,
        result: c.result,
        requestId: c.requestId ?? null,
      },
    })
  }
  return out
}
