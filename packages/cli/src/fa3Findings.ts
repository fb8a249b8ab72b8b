/**
 * The FA(3) schema check's findings in the user's language: the core reads the validator's English message into a
 * kind (`parseSchemaDetail`, which the web app uses too), and the `fa3Schema` catalog says it, naming the field in
 * words where it is a common one (with its FA(3) tag), never with the validator's raw text.
 */
import { parseSchemaDetail, type SchemaFinding } from '@finance/ledger-core/light'
import { catalog, type Lang, textOf } from './i18n.ts'

const t = catalog('fa3Schema')
const text = textOf('fa3Schema')

/** The field as the user reads it: "Data wystawienia (P_1)"; an uncommon tag as itself. */
const fieldName = (lang: Lang, element: string): string => {
  const label = text(lang, `field_${element.split('/')[0]}`)
  return label === undefined || label === element ? element : `${label} (${element})`
}

/** A finding in `lang`, naming its field. */
export const describeFinding = (lang: Lang, f: SchemaFinding): string => {
  switch (f.kind) {
    case 'notXml':
      return t(lang, 'notXml')
    case 'notFa3':
      return t(lang, 'notFa3', f.element)
    case 'other':
      return f.element === null ? t(lang, 'other') : t(lang, 'otherField', fieldName(lang, f.element))
    case 'tooLong':
    case 'tooShort':
      return t(lang, f.kind, fieldName(lang, f.element), f.limit)
    case 'unexpected':
      return f.expected.length > 0
        ? t(lang, 'unexpectedExpected', fieldName(lang, f.element), f.expected.join(', '))
        : t(lang, 'unexpected', fieldName(lang, f.element))
    case 'missing':
      return t(lang, 'missing', fieldName(lang, f.element), f.expected.join(', '))
    default:
      return t(lang, f.kind, fieldName(lang, f.element), f.value)
  }
}

/** A message of the FA(3) schema check (libxml2's English) in `lang`. */
export const schemaDetailText = (lang: Lang, detail: string): string => describeFinding(lang, parseSchemaDetail(detail))
