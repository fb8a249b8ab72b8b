/**
 * Golden files: the JPK_PKPIR(3) and JPK_EWP(4) documents of three recorded years, compared byte for byte with
 * `test/golden/*.xml` (`UPDATE_GOLDEN=1` rewrites them after a deliberate change — then read the diff) and
 * validated against the vendored official schemas twice: in-process (`validateXml`, libxml2 as WebAssembly) and by
 * Debian's `xmllint --nonet` through `schemas/catalog.xml`.
 */
import { bookHistory } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { jpkFile } from '../src/jpk.ts'
import { SCHEMAS } from '../src/schemas.ts'
import { validateXml } from '../src/validate.ts'
import { contact, createdAt, primary, scenarios } from '../src/testing/scenarios.ts'
import { expectGolden, xmllint } from './support.ts'

describe.each(scenarios)('$name', (s) => {
  const book = bookHistory(s.events).book(s.year)
  const result = jpkFile({
    form: s.form,
    book,
    primary,
    contact,
    purpose: 1,
    createdAt,
    inventoryStart: s.inventoryStart,
    inventoryEnd: s.inventoryEnd,
  })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))

  it('matches its golden file', () => {
    expectGolden(s.name, result.xml)
  })

  it('is valid against the official schema (libxml2 in-process)', async () => {
    expect(await validateXml(result.xml, result.schema)).toEqual({ valid: true, errors: [] })
  })

  it('is valid against the official schema (Debian xmllint, offline catalog)', () => {
    const run = xmllint(SCHEMAS[result.schema].file, { [`${s.name}.xml`]: result.xml })
    expect(run.error).toBeUndefined()
    expect(run.stderr).toContain('validates')
    expect(run.status).toBe(0)
  })
})
