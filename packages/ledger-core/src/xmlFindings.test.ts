import { describe, expect, it } from 'vitest'
import { parseSchemaDetail } from './xmlFindings.ts'

/** Messages as the FA(3) check gives them (xmllint-wasm through `@finance/tax-files`, namespaces dropped). */
const validator = {
  pattern:
    "Element 'NIP': [facet 'pattern'] The value '12345' is not accepted by the pattern '[1-9]((\\d[1-9])|([1-9]\\d))\\d{7}'.",
  tooLong:
    "Element 'P_2': [facet 'maxLength'] The value has a length of '300'; this exceeds the allowed maximum length of '256'.",
  unexpected: "Element 'K_10': This element is not expected. Expected is one of ( DataSprzedazy, NrKSeF, OFF ).",
}

describe('schema findings', () => {
  it('reads the kinds with what each message needs', () => {
    expect(parseSchemaDetail(validator.pattern)).toEqual({ kind: 'pattern', element: 'NIP', value: '12345' })
    expect(parseSchemaDetail(validator.tooLong)).toEqual({ kind: 'tooLong', element: 'P_2', limit: '256' })
    expect(parseSchemaDetail(validator.unexpected)).toEqual({
      kind: 'unexpected',
      element: 'K_10',
      expected: ['DataSprzedazy', 'NrKSeF', 'OFF'],
    })
    expect(parseSchemaDetail("Element 'Faktura', attribute 'x': The attribute 'x' is not allowed.")).toEqual({
      kind: 'other',
      element: 'Faktura/@x',
    })
  })

  it('reads a file that is not whole XML as not XML', () => {
    expect(parseSchemaDetail("Couldn't find end of Start Tag WariantFormularza line 5")).toEqual({ kind: 'notXml' })
  })
})
