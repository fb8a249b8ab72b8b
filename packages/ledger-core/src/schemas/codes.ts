/**
 * The official code lists (generated into `officialCodes.ts` from the schemas the tax files are validated with):
 * lookups for validation and for the forms' searchable selects.
 */
import { COUNTRIES, TAX_OFFICES } from './officialCodes.ts'

export { COUNTRIES, TAX_OFFICES }

const taxOffices: ReadonlyMap<string, string> = new Map(TAX_OFFICES)
const countries: ReadonlyMap<string, string> = new Map(COUNTRIES)

/** `true` for a tax office code of the official list (`TKodUS`), e.g. `1471`. */
export const isTaxOfficeCode = (code: string): boolean => taxOffices.has(code)
/** The official name of a tax office, `null` for an unknown code. */
export const taxOfficeName = (code: string): string | null => taxOffices.get(code) ?? null
/** `true` for a country code of the official list (`TKodKraju`), e.g. `PL`, `DE`. */
export const isCountryCode = (code: string): boolean => countries.has(code)
