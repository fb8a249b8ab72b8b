/**
 * The FA(3) schema check's findings in plain words: the core reads the validator's message into a kind
 * (`parseSchemaDetail`, shared with the CLI); each kind becomes one catalog message that names the field (in words
 * where the field is a common one, with its FA(3) tag) and says what is wrong with the value; a finding of an unknown
 * kind still names its field, never the raw text.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { parseSchemaDetail, type SchemaFinding } from '@finance/ledger-core'

export { parseSchemaDetail, type SchemaFinding }

/** The fields of FA(3) a user fills most often, in words (the tag follows in brackets). */
const FIELDS: Readonly<Record<string, MessageDescriptor>> = {
  NIP: msg`NIP`,
  Nazwa: msg`Name`,
  AdresL1: msg`Address`,
  KodKraju: msg`Country code`,
  KodWaluty: msg`Currency`,
  P_1: msg`Issue date`,
  P_1M: msg`Place of issue`,
  P_2: msg`Invoice number`,
  P_6: msg`Date of supply`,
  P_7: msg`Name of the goods or service`,
  P_8B: msg`Quantity`,
  P_9A: msg`Unit net price`,
  P_11: msg`Net value of the line`,
  P_12: msg`VAT rate`,
  P_13_1: msg`Net at the basic rate`,
  P_14_1: msg`VAT at the basic rate`,
  P_15: msg`Amount due`,
  RodzajFaktury: msg`Kind of invoice`,
  DataWytworzeniaFa: msg`Date the file was made`,
  Termin: msg`Payment due date`,
  NrRB: msg`Bank account number`,
}

/** The field as the user reads it: "Issue date (P_1)"; an uncommon tag as itself. */
const fieldName = (i18n: I18n, element: string): string => {
  const tag = element.split('/')[0] as string
  const known = FIELDS[tag]
  const label = known ? i18n._(known) : element
  return label === element ? element : `${label} (${element})`
}

/** A finding in the user's language, naming its field. */
export const describeFinding = (i18n: I18n, f: SchemaFinding): string => {
  switch (f.kind) {
    case 'notXml':
      return i18n._(msg`The file is not a complete XML document: it may be cut off or damaged`)
    case 'notFa3':
      return i18n._(msg`The file is not an FA(3) invoice: its main element is ${f.element}, not Faktura`)
    case 'other':
      return f.element === null
        ? i18n._(msg`The file breaks a rule of the FA(3) schema`)
        : i18n._(msg`${fieldName(i18n, f.element)}: the value breaks a rule of the FA(3) schema`)
    default:
  }
  const field = fieldName(i18n, f.element)
  switch (f.kind) {
    case 'pattern':
      return i18n._(msg`${field}: “${f.value}” is not written in the required form`)
    case 'enumeration':
      return i18n._(msg`${field}: “${f.value}” is not one of the allowed codes`)
    case 'digits':
      return i18n._(msg`${field}: “${f.value}” has too many digits (at most two after the decimal point)`)
    case 'range':
      return i18n._(msg`${field}: “${f.value}” is outside the allowed range`)
    case 'date':
      return i18n._(msg`${field}: “${f.value}” is not a valid date (expected YYYY-MM-DD)`)
    case 'amount':
      return i18n._(msg`${field}: “${f.value}” is not a valid amount (digits with a decimal point, e.g. 1234.50)`)
    case 'number':
      return i18n._(msg`${field}: “${f.value}” is not a valid number`)
    case 'value':
      return i18n._(msg`${field}: “${f.value}” is not an allowed value`)
    case 'tooLong':
      return i18n._(msg`${field}: the text is too long (the most characters allowed: ${f.limit})`)
    case 'tooShort':
      return i18n._(msg`${field}: empty or too short (the fewest characters allowed: ${f.limit})`)
    case 'unexpected':
      return f.expected.length > 0
        ? i18n._(msg`${field}: this element is not allowed here; expected: ${f.expected.join(', ')}`)
        : i18n._(msg`${field}: this element is not allowed here`)
    case 'missing':
      return i18n._(msg`${field}: a required element is missing: ${f.expected.join(', ')}`)
  }
}
