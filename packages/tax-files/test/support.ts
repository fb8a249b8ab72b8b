/**
 * What the file tests share: a document compared byte for byte with its golden file (`UPDATE_GOLDEN=1` rewrites it
 * after a deliberate change — then read the diff), and Debian's `xmllint --nonet` run offline through the vendored
 * `schemas/catalog.xml`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { CATALOG_FILE, schemaPath } from '../src/schemas.ts'

/** Checks `xml` against `test/golden/{name}.xml` (written when missing or when `UPDATE_GOLDEN=1`). */
export const expectGolden = (name: string, xml: string) => {
  const file = fileURLToPath(new URL(`golden/${name}.xml`, import.meta.url))
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, xml)
  expect(xml).toBe(readFileSync(file, 'utf8'))
}

/**
 * Debian's xmllint on documents written into a fresh temporary folder (file name → text), validated against a
 * vendored schema (a path under `schemas/`) with no network; its answer, for the test to check.
 */
export const xmllint = (schemaFile: string, documents: Readonly<Record<string, string>>) => {
  const dir = mkdtempSync(join(tmpdir(), 'xmllint-'))
  const files = Object.entries(documents).map(([name, text]) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return file
  })
  return spawnSync('xmllint', ['--nonet', '--noout', '--schema', schemaPath(schemaFile), ...files], {
    env: { ...process.env, XML_CATALOG_FILES: schemaPath(CATALOG_FILE) },
    encoding: 'utf8',
  })
}
