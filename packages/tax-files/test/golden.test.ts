/**
 * Golden files: the JPK_PKPIR(3) and JPK_EWP(4) documents of three recorded years, compared byte for byte with
 * `test/golden/*.xml` (`UPDATE_GOLDEN=1` rewrites them after a deliberate change — then read the diff) and
 * validated against the vendored official schemas twice: in-process (`validateXml`, libxml2 as WebAssembly) and by
 * Debian's `xmllint --nonet` through `schemas/catalog.xml`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bookHistory } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { jpkFile } from '../src/jpk.ts'
import { CATALOG_FILE, SCHEMAS, schemaPath } from '../src/schemas.ts'
import { validateXml } from '../src/validate.ts'
import { contact, createdAt, primary, scenarios } from '../src/testing/scenarios.ts'

const golden = (name: string) => fileURLToPath(new URL(`golden/${name}.xml`, import.meta.url))

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
    const file = golden(s.name)
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, result.xml)
    expect(result.xml).toBe(readFileSync(file, 'utf8'))
  })

  it('is valid against the official schema (libxml2 in-process)', async () => {
    expect(await validateXml(result.xml, result.schema)).toEqual({ valid: true, errors: [] })
  })

  it('is valid against the official schema (Debian xmllint, offline catalog)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jpk-'))
    const file = join(dir, `${s.name}.xml`)
    writeFileSync(file, result.xml)
    const run = spawnSync(
      'xmllint',
      ['--nonet', '--noout', '--schema', schemaPath(SCHEMAS[result.schema].file), file],
      {
        env: { ...process.env, XML_CATALOG_FILES: schemaPath(CATALOG_FILE) },
        encoding: 'utf8',
      },
    )
    expect(run.error).toBeUndefined()
    expect(run.stderr).toContain('validates')
    expect(run.status).toBe(0)
  })
})
