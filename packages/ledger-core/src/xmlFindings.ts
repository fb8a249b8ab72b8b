/**
 * The XML schema check's findings by kind. The validator (libxml2 through xmllint-wasm, `@finance/tax-files`
 * validate.ts) reports in English with the element's tag and the XSD facet that failed — "Element 'NIP': [facet
 * 'pattern'] The value '12345' is not accepted by the pattern '…'". The web app and the CLI read a finding here and say
 * it in the user's language through their own catalogs, naming the field; never the validator's raw text.
 */

/** One finding of the schema check, by kind, with what the message needs. */
export type SchemaFinding =
  | { readonly kind: 'notXml' }
  | { readonly kind: 'notFa3'; readonly element: string }
  | { readonly kind: 'pattern' | 'enumeration' | 'digits' | 'range'; readonly element: string; readonly value: string }
  | { readonly kind: 'date' | 'amount' | 'number' | 'value'; readonly element: string; readonly value: string }
  | { readonly kind: 'tooLong' | 'tooShort'; readonly element: string; readonly limit: string }
  | { readonly kind: 'unexpected' | 'missing'; readonly element: string; readonly expected: readonly string[] }
  | { readonly kind: 'other'; readonly element: string | null }

const ELEMENT = /^Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/s
const quoted = (text: string, after: string): string => new RegExp(`${after} '([^']*)'`).exec(text)?.[1] ?? ''
const expectedOf = (text: string): string[] => {
  const list = /Expected is (?:one of )?\( ?([^)]*?) ?\)/.exec(text)?.[1]
  return list
    ? list
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : []
}

/** The kind of a validator message (namespaces already dropped by the validator's cleaning). */
export const parseSchemaDetail = (detail: string): SchemaFinding => {
  const m = ELEMENT.exec(detail.trim())
  if (!m) return { kind: 'notXml' }
  const element = m[2] ? `${m[1]}/@${m[2]}` : (m[1] as string)
  const text = m[3] as string
  if (/No matching global declaration available for the validation root/.test(text)) return { kind: 'notFa3', element }
  const facet = /^\[facet '(\w+)'\]/.exec(text)?.[1]
  if (facet === 'pattern' || facet === 'enumeration') return { kind: facet, element, value: quoted(text, 'The value') }
  if (facet === 'maxLength' || facet === 'length')
    return { kind: 'tooLong', element, limit: quoted(text, 'allowed maximum length of') || quoted(text, 'length of') }
  if (facet === 'minLength') return { kind: 'tooShort', element, limit: quoted(text, 'allowed minimum length of') }
  if (facet === 'totalDigits' || facet === 'fractionDigits')
    return { kind: 'digits', element, value: quoted(text, 'The value') }
  if (facet && /^(min|max)(In|Ex)clusive$/.test(facet))
    return { kind: 'range', element, value: quoted(text, 'The value') }
  const atomic = /^'([^']*)' is not a valid value of the (?:atomic|local atomic|union) type(?: '([^']*)')?/.exec(text)
  if (atomic) {
    const [, value = '', type = ''] = atomic
    const kind = /Data|date/i.test(type)
      ? 'date'
      : /Kwot|Decimal/i.test(type)
        ? 'amount'
        : /Int|Ilos|Liczb/i.test(type)
          ? 'number'
          : 'value'
    return { kind, element, value }
  }
  if (/This element is not expected/.test(text)) return { kind: 'unexpected', element, expected: expectedOf(text) }
  if (/Missing child element/.test(text)) return { kind: 'missing', element, expected: expectedOf(text) }
  return { kind: 'other', element }
}
