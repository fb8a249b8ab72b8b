/**
 * `SetAnnualInputs`: validates the annual return's common items of a tax year and records them whole
 * (`AnnualInputsSet`), or refuses the whole command with every invalid field (English messages; the web and the CLI
 * translate them by their text). The law behind each field: `tax/annualItems.ts`.
 */
import type { SetAnnualInputs } from '../commands.ts'
import { type DomainError, domainError, type FieldError, type ValidationResult } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { parseMoney } from '../money.ts'
import type { AnnualInputs } from '../schemas/annualInputs.ts'
import { isMoneyInBounds } from '../schemas/bounds.ts'
import { isBlank, normalizeMoney } from '../schemas/common.ts'
import { annualItemsLimitsFor } from '../tax/rates/annualItems.ts'
import { looseObject as obj, optionalObject } from '../schemas/normalize.ts'
import type { BooksState } from '../model/state.ts'

export const AnnualInputsMessages = {
  year: 'Year must be a whole number from 1900 to 2100',
  lossYear: 'A loss can be deducted only in the five years after the year it was incurred',
  lossAmount: 'Loss must be a positive number with at most 2 decimals',
  lossDeducted: 'Deducted earlier must be a number with at most 2 decimals, not negative',
  lossDeductedTooMuch: 'Deducted earlier must not be more than the loss',
  lossTwice: 'Each year’s loss may be entered once',
  flag: 'Must be true or false',
  ikze: 'IKZE payments must be a number with at most 2 decimals, not negative',
  ikzeOverLimit: 'IKZE payments are over the year’s limit for a person running a business',
  spouseIncome: 'Spouse’s income must be a number with at most 2 decimals, not negative',
  spouseAdvances: 'Spouse’s advances must be a number with at most 2 decimals, not negative',
  childMonths: 'Months must be a whole number from 1 to 12',
  tooMany: 'Too many entries',
  lossesList: 'Losses must be a list of objects with year, amount, deductedBefore and oneOff',
  childrenList: 'Children must be a list of objects with months and disabled',
  singleParentWithSpouse: 'A single parent cannot also give a spouse',
  spouse: 'Spouse must be an object with jointFiling, income and advances',
} as const

/** At most this many losses (five years) and children in one set. */
const MAX_LOSSES = 5
const MAX_CHILDREN = 20

const intIn = (v: unknown, min: number, max: number): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : null
}

/** A money amount ≥ 0 (blank: `blank`), or an error. */
const money = (errors: FieldError[], field: string, v: unknown, message: string, blank = '0.00'): string => {
  if (isBlank(v)) return blank
  const m = normalizeMoney(v)
  if (m !== null && isMoneyInBounds(m) && !m.startsWith('-')) return m
  errors.push({ field, code: 'INVALID_MONEY', message })
  return '0.00'
}

const flag = (errors: FieldError[], field: string, v: unknown): boolean => {
  if (v === undefined || v === null) return false
  if (typeof v === 'boolean') return v
  errors.push({ field, code: 'VALIDATION', message: AnnualInputsMessages.flag })
  return false
}

/** A list of at most `max` entries (absent or null: none); another type is `shape`, not "too many". */
const list = (errors: FieldError[], field: string, v: unknown, max: number, shape: string): unknown[] => {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v) || v.length > max) {
    errors.push({ field, code: 'VALIDATION', message: Array.isArray(v) ? AnnualInputsMessages.tooMany : shape })
    return []
  }
  return v
}

/** The inputs of a year, normalized, or every invalid field (`losses.0.amount`, `children.1.months`). */
export const validateAnnualInputs = (data: unknown): ValidationResult<AnnualInputs> => {
  const d = obj(data)
  const errors: FieldError[] = []
  const year = intIn(d.year, 1900, 2100)
  if (year === null)
    errors.push({
      field: 'year',
      code: isBlank(d.year) ? 'REQUIRED' : 'INVALID_INTEGER',
      message: AnnualInputsMessages.year,
    })
  const limits = annualItemsLimitsFor(year ?? 2026)
  const seen = new Set<number>()
  const losses = list(errors, 'losses', d.losses, MAX_LOSSES, AnnualInputsMessages.lossesList).map((raw, i) => {
    const l = obj(raw)
    const f = (k: string) => `losses.${i}.${k}`
    const ly = intIn(l.year, 1900, 2100)
    if (ly === null || (year !== null && (ly >= year || ly < year - limits.loss.years)) || seen.has(ly))
      errors.push({
        field: f('year'),
        code: ly === null ? 'INVALID_INTEGER' : 'VALIDATION',
        message: ly !== null && seen.has(ly) ? AnnualInputsMessages.lossTwice : AnnualInputsMessages.lossYear,
      })
    if (ly !== null) seen.add(ly)
    const amount = money(errors, f('amount'), l.amount, AnnualInputsMessages.lossAmount, '')
    if (amount === '' || parseMoney(amount) <= 0n) {
      if (!errors.some((e) => e.field === f('amount')))
        errors.push({
          field: f('amount'),
          code: isBlank(l.amount) ? 'REQUIRED' : 'INVALID_MONEY',
          message: AnnualInputsMessages.lossAmount,
        })
    }
    const deductedBefore = money(errors, f('deductedBefore'), l.deductedBefore, AnnualInputsMessages.lossDeducted)
    if (amount !== '' && parseMoney(deductedBefore) > parseMoney(amount))
      errors.push({ field: f('deductedBefore'), code: 'VALIDATION', message: AnnualInputsMessages.lossDeductedTooMuch })
    return { year: ly ?? 0, amount: amount || '0.00', deductedBefore, oneOff: flag(errors, f('oneOff'), l.oneOff) }
  })
  const ikze = money(errors, 'ikze', d.ikze, AnnualInputsMessages.ikze)
  if (parseMoney(ikze) > limits.ikze.selfEmployedLimit)
    errors.push({ field: 'ikze', code: 'VALIDATION', message: AnnualInputsMessages.ikzeOverLimit })
  let spouse: AnnualInputs['spouse'] = null
  // `spouse: true` or `"yes"` names no income: refused, not read as no spouse.
  const s = optionalObject(errors, 'spouse', d.spouse, AnnualInputsMessages.spouse)
  if (s !== null)
    spouse = {
      jointFiling: flag(errors, 'spouse.jointFiling', s.jointFiling),
      income: money(errors, 'spouse.income', s.income, AnnualInputsMessages.spouseIncome),
      advances: money(errors, 'spouse.advances', s.advances, AnnualInputsMessages.spouseAdvances),
    }
  const singleParent = flag(errors, 'singleParent', d.singleParent)
  if (singleParent && spouse !== null)
    errors.push({ field: 'singleParent', code: 'VALIDATION', message: AnnualInputsMessages.singleParentWithSpouse })
  const children = list(errors, 'children', d.children, MAX_CHILDREN, AnnualInputsMessages.childrenList).map(
    (raw, i) => {
      const c = obj(raw)
      const months = intIn(c.months, 1, 12)
      if (months === null)
        errors.push({
          field: `children.${i}.months`,
          code: 'INVALID_INTEGER',
          message: AnnualInputsMessages.childMonths,
        })
      return { months: months ?? 12, disabled: flag(errors, `children.${i}.disabled`, c.disabled) }
    },
  )
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: { year: year!, losses, ikze, spouse, singleParent, children } }
}

export const decideAnnualInputs = (command: SetAnnualInputs, state: BooksState): LedgerEvent[] | DomainError => {
  const v = validateAnnualInputs(command.data)
  if (!v.ok) return domainError('VALIDATION', v.errors[0]?.message, v.errors)
  const before = state.annualInputs?.get(v.value.year)
  if (before && JSON.stringify(before) === JSON.stringify(v.value)) return domainError('NO_CHANGES')
  return [{ type: 'AnnualInputsSet', data: { data: v.value } }]
}
