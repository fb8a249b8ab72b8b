/**
 * `npm run -w @finance/tax-files codes`: writes the tax-office and country lists of the vendored schemas into
 * ledger-core (`src/schemas/officialCodes.ts`). Run it after replacing a vendored code-list schema.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { codesModule, countriesFromSchema, taxOfficesFromSchema } from '../src/codes.ts'

const target = fileURLToPath(new URL('../../ledger-core/src/schemas/officialCodes.ts', import.meta.url))
writeFileSync(target, codesModule(taxOfficesFromSchema(), countriesFromSchema()))
console.log(`wrote ${target}`)
