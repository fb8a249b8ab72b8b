import { describe, expect, it } from 'vitest'
import { i18nFor } from '../dashboard/testing.tsx'
import { describeFinding, parseSchemaDetail } from './schemaReasons.ts'

/** Messages as the FA(3) check gives them (xmllint-wasm through `@finance/tax-files`, namespaces dropped). */
const validator = {
  pattern:
    "Element 'NIP': [facet 'pattern'] The value '12345' is not accepted by the pattern '[1-9]((\\d[1-9])|([1-9]\\d))\\d{7}'.",
  date: "Element 'P_1': '2026-13-45' is not a valid value of the atomic type 'TDataT'.",
  amount: "Element 'P_15': '12,50' is not a valid value of the atomic type 'TKwotowy'.",
  enumeration: "Element 'KodWaluty': [facet 'enumeration'] The value 'ZZZ' is not an element of the set .",
  tooLong:
    "Element 'P_2': [facet 'maxLength'] The value has a length of '300'; this exceeds the allowed maximum length of '256'.",
  unexpected: "Element 'K_10': This element is not expected. Expected is one of ( DataSprzedazy, NrKSeF, OFF ).",
  missing: "Element 'Fa': Missing child element(s). Expected is ( P_2 ).",
  notFa3: "Element 'Invoice': No matching global declaration available for the validation root.",
  notXml: 'Premature end of data in tag Naglowek line 4',
  other: "Element 'P_13_1': Some rule nobody has mapped yet.",
}

describe('schema findings in plain words', () => {
  it('names the field and says what is wrong, in Polish, without the validator English', async () => {
    const pl = await i18nFor('pl')
    const said = Object.fromEntries(
      Object.entries(validator).map(([k, v]) => [k, describeFinding(pl, parseSchemaDetail(v))]),
    )
    expect(said).toEqual({
      pattern: 'NIP: „12345” nie ma wymaganej postaci',
      date: 'Data wystawienia (P_1): „2026-13-45” nie jest poprawną datą (oczekiwano RRRR-MM-DD)',
      amount:
        'Kwota należności ogółem (P_15): „12,50” nie jest poprawną kwotą (cyfry z kropką dziesiętną, np. 1234.50)',
      enumeration: 'Waluta (KodWaluty): „ZZZ” nie należy do dozwolonych kodów',
      tooLong: 'Numer faktury (P_2): tekst jest za długi (największa dozwolona liczba znaków: 256)',
      unexpected: 'K_10: tego elementu nie może tu być; oczekiwano: DataSprzedazy, NrKSeF, OFF',
      missing: 'Fa: brakuje wymaganego elementu: P_2',
      notFa3: 'Plik nie jest fakturą FA(3): jego głównym elementem jest Invoice, a nie Faktura',
      notXml: 'Plik nie jest kompletnym dokumentem XML: może być ucięty lub uszkodzony',
      other: 'Wartość netto według stawki podstawowej (P_13_1): wartość narusza regułę schematu FA(3)',
    })
    for (const text of Object.values(said))
      expect(text).not.toMatch(/Element '|facet|is not a valid value|expected is/i)
  })
})
