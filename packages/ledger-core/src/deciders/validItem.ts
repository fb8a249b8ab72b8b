/**
 * An item's loose data as the deciders take it: validated, then converted to złoty when it is in a foreign currency.
 * Kept apart from `currency.ts`, which the light entry loads, because validating loads the Schema library.
 */
import type { ValidationResult } from '../errors.ts'
import type { Item, ItemDataType } from '../schemas/records.ts'
import { validateRecord } from '../schemas/validate.ts'
import { withConversion } from './currency.ts'
import type { BooksState } from '../model/state.ts'

/** An item's loose data validated (`validateRecord`) and, in a foreign currency, converted at the rates the books hold. */
export const validItem = (state: BooksState, dataType: ItemDataType, data: unknown): ValidationResult<Item> => {
  const v = validateRecord(dataType, data)
  return v.ok ? withConversion(state, dataType, v.value as Item) : v
}
