/**
 * `npm run -w @finance/tax-files derive`: writes the derived JPK_V7M(3) / JPK_V7K(3) schemas and their stand-in base
 * types (src/derive.ts) into `schemas/jpk/JPK_V7_3_derived/`. Run it after changing src/derive.ts or a vendored
 * V7M(2) file; a test fails while the committed files differ from what it writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { derivedSchemaFiles } from '../src/derive.ts'
import { schemaPath } from '../src/schemas.ts'

for (const [file, text] of derivedSchemaFiles()) {
  const target = schemaPath(file)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, text)
  console.log(`wrote ${target}`)
}
