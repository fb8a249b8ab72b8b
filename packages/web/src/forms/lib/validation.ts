/**
 * Form validation through the core's `validateRecord` (SPEC §5 messages, the same rules the API applies) plus
 * the company checks (`companyWarnings`): a wrong NIP or REGON checksum is a warning the user may override ('Save
 * anyway', a legacy number); a NIP, REGON or phone number of the wrong form is a field error, and so is a postal
 * code not in `NN-NNN` form when the address is Polish.
 */
import { companyWarnings, validateRecord } from '@finance/ledger-core'
import type { Validation } from '../record/recordFormMachine.ts'
import { getIn, type Draft } from './paths.ts'
import { isPolishCountry } from './ids.ts'
import type { CompanyDataType, ItemDataType, SettingDataType } from './records.ts'

export type ValidatedType = CompanyDataType | SettingDataType | ItemDataType

const isCompany = (t: ValidatedType): boolean =>
  t === 'Primary' || t === 'Invoice' || t === 'Addresses' || t === 'Contact'

export const validatorFor =
  (dataType: ValidatedType) =>
  (draft: Draft): Validation => {
    const fieldErrors: Record<string, string> = {}
    const warnings: Record<string, string> = {}
    const result = validateRecord(dataType, draft)
    if (!result.ok) {
      for (const e of result.errors) if (!(e.field in fieldErrors)) fieldErrors[e.field] = e.message
    }
    if (isCompany(dataType)) {
      for (const w of companyWarnings(draft)) {
        if (w.field in fieldErrors) continue
        if (w.field.endsWith('.postCode')) {
          const group = w.field.slice(0, -'.postCode'.length)
          if (isPolishCountry(getIn(draft, `${group}.country`))) fieldErrors[w.field] = w.message
        } else if (w.overridable) {
          warnings[w.field] = w.message
        } else {
          fieldErrors[w.field] = w.message
        }
      }
    }
    return { fieldErrors, warnings }
  }

/**
 * What is sent: the core's canonical dataObject (money with two decimals, percents trimmed, unknown fields such as
 * a fixed item's `repetitions` or `paymentInterval` dropped); the draft itself while it is not valid.
 */
export const prepareFor =
  (dataType: ValidatedType) =>
  (draft: Draft): Draft => {
    const result = validateRecord(dataType, draft)
    return result.ok ? (result.value as Draft) : draft
  }
