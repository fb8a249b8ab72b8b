/**
 * Country rule of the company forms. NIP/REGON checksums and the postal-code pattern come from the core
 * (`companyWarnings`, `isValidNip`, `isValidRegon`, `isValidPostCode`); the web decides only whether an address is
 * Polish, which turns a malformed postal code into a field error.
 */

/** An address is treated as Polish when its country is empty or names Poland. */
export const isPolishCountry = (country: unknown): boolean =>
  typeof country !== 'string' || /^\s*(|pl|pol|polska|poland|rzeczpospolita polska)\s*$/i.test(country)
