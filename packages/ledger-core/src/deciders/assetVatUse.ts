/**
 * A fixed asset's change of use for VAT (uVAT art. 91 ust. 7): validated whole before the one event is written. The
 * input tax and the share deducted before come from the asset's purchase (or its last change) unless given.
 * Messages are English texts the interfaces translate.
 */
import { isLocalDate } from '../calendar.ts'
import type { ChangeAssetVatUse } from '../commands.ts'
import { type DomainError, domainError, type FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { notADateMessage } from '../schemas/bounds.ts'
import { isBlank, normalizeMoney } from '../schemas/common.ts'
import type { Item } from '../schemas/records.ts'
import { correctionLastYear, purchaseVatOf } from '../tax/assetVatUse.ts'
import type { BooksState } from '../model/state.ts'

export const AssetVatUseMessages = {
  date: 'Date must be a date in format yyyy-mm-dd',
  beforeEntry: 'The date must not be before the asset was entered',
  afterDisposal: 'The asset had left the register by then',
  percent: 'The share of taxed use must be a whole percent from 0 to 100',
  inputVat: 'Input VAT of the asset is required: it has no purchase in the books',
  inputVatFormat: 'Input VAT must be a number with at most 2 decimals, not negative',
  unchanged: 'The share of taxed use does not change',
  afterPeriod: 'The correction period of this asset has ended',
} as const

const wholePercent = (v: unknown): string | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : null
  return s !== null && /^(100|[1-9]?\d)$/.test(s) ? s : null
}

export const decideAssetVatUse = (command: ChangeAssetVatUse, state: BooksState): LedgerEvent[] | DomainError => {
  const a = Number.isSafeInteger(command.id) ? state.assets.get(command.id) : undefined
  if (!a) return domainError('NOT_FOUND')
  if (a.deleted) return domainError('ALREADY_DELETED')
  const d = (typeof command.data === 'object' && command.data !== null ? command.data : {}) as Record<string, unknown>
  const errors: FieldError[] = []
  const date = typeof d.date === 'string' && isLocalDate(d.date) ? d.date : null
  if (date === null)
    errors.push({
      field: 'date',
      code: 'INVALID_DATE',
      message: notADateMessage('Date', d.date, AssetVatUseMessages.date),
    })
  else if (date < a.data.entryDate)
    errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetVatUseMessages.beforeEntry })
  else if (a.disposal && date > a.disposal.date)
    errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetVatUseMessages.afterDisposal })
  else if (Number(date.slice(0, 4)) > correctionLastYear(a.data))
    errors.push({ field: 'date', code: 'VALIDATION', message: AssetVatUseMessages.afterPeriod })
  const taxedPercent = wholePercent(d.taxedPercent)
  if (taxedPercent === null)
    errors.push({ field: 'taxedPercent', code: 'INVALID_CHOICE', message: AssetVatUseMessages.percent })
  const purchaseRecord = a.data.itemId !== null ? state.records.get(a.data.itemId) : undefined
  const purchase = purchaseRecord && !purchaseRecord.deleted ? purchaseVatOf(purchaseRecord.data as Item) : null
  const last = a.vatUse?.at(-1) ?? null
  let inputVat: string | null = last?.inputVat ?? purchase?.inputVat ?? null
  if (!isBlank(d.inputVat)) {
    const given = normalizeMoney(d.inputVat)
    if (given === null || given.startsWith('-'))
      errors.push({ field: 'inputVat', code: 'INVALID_MONEY', message: AssetVatUseMessages.inputVatFormat })
    else inputVat = given
  } else if (inputVat === null)
    errors.push({ field: 'inputVat', code: 'REQUIRED', message: AssetVatUseMessages.inputVat })
  let previousPercent = last?.taxedPercent ?? purchase?.percent ?? '100'
  if (last === null && !isBlank(d.previousPercent)) {
    const given = wholePercent(d.previousPercent)
    if (given === null)
      errors.push({ field: 'previousPercent', code: 'INVALID_CHOICE', message: AssetVatUseMessages.percent })
    else previousPercent = given
  }
  if (errors.length === 0 && taxedPercent === previousPercent)
    errors.push({ field: 'taxedPercent', code: 'VALIDATION', message: AssetVatUseMessages.unchanged })
  if (errors.length > 0) return domainError('VALIDATION', errors[0]?.message, errors)
  return [
    {
      type: 'AssetVatUseChanged',
      data: { id: a.id, data: { date: date!, taxedPercent: taxedPercent!, previousPercent, inputVat: inputVat! } },
    },
  ]
}
