/**
 * `validateXml(xml, schemaId)`: checks a document against one of the vendored official schemas with libxml2's own
 * validator (`xmllint-wasm`: xmllint compiled to WebAssembly, so no system package is needed at run time). The
 * schemas import their base types from `http://crd.gov.pl/…`; the validator gets every vendored file in its memory
 * file system and the import locations rewritten by the rules of `schemas/catalog.xml` — the same catalog Debian's
 * `xmllint --nonet` uses (see README.md) — so nothing is fetched from the network. Errors carry the line of the
 * document they concern.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { validateXML, type XMLFileInfo } from 'xmllint-wasm'
import { CATALOG_FILE, SCHEMAS, type SchemaId, schemaPath } from './schemas.ts'

export interface XmlProblem {
  /** Line of the document (1-based), `null` when libxml2 names none. */
  readonly line: number | null
  readonly message: string
}

export interface XmlValidation {
  readonly valid: boolean
  readonly errors: readonly XmlProblem[]
}

interface Rewrite {
  readonly from: string
  readonly to: string
}

/** The `rewriteURI` rules of the catalog (`uriStartString` → `rewritePrefix`, relative to `schemas/`). */
export const catalogRewrites = (catalogXml: string): readonly Rewrite[] => {
  const out: Rewrite[] = []
  const re = /<rewriteURI\s+uriStartString="([^"]+)"\s+rewritePrefix="([^"]+)"\s*\/>/g
  for (let m = re.exec(catalogXml); m !== null; m = re.exec(catalogXml)) out.push({ from: m[1]!, to: m[2]! })
  return out
}

const DOCUMENT = 'document.xml'

let files: readonly XMLFileInfo[] | null = null

/** Every vendored schema, at `/<path under schemas/>`, with catalogued import locations made absolute local paths. */
const schemaFiles = (): readonly XMLFileInfo[] => {
  if (files) return files
  const root = schemaPath('')
  const rewrites = catalogRewrites(readFileSync(schemaPath(CATALOG_FILE), 'utf8'))
  const list: XMLFileInfo[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.xsd')) {
        // Only import locations change: namespace names keep their `http://crd.gov.pl/…` form.
        const text = readFileSync(full, 'utf8').replace(/schemaLocation="([^"]+)"/g, (whole, uri: string) => {
          const rule = rewrites.find((r) => uri.startsWith(r.from))
          return rule ? `schemaLocation="/${rule.to}${uri.slice(rule.from.length)}"` : whole
        })
        list.push({ fileName: relative(root, full), contents: text })
      }
    }
  }
  walk(root.replace(/\/$/, ''))
  files = list
  return list
}

/** Validates `xml` against the official schema `schemaId`. */
export const validateXml = async (xml: string, schemaId: SchemaId): Promise<XmlValidation> => {
  const all = schemaFiles()
  const main = SCHEMAS[schemaId].file
  const schema = all.find((f) => f.fileName === main)
  if (!schema) throw new Error(`The schema ${main} is not vendored`)
  const result = await validateXML({
    xml: [{ fileName: DOCUMENT, contents: xml }],
    schema: [schema],
    preload: all.filter((f) => f !== schema),
    modifyArguments: (args) => ['--nonet', ...args],
    // A year of entries makes a document of several megabytes; libxml2 keeps it as a tree while validating.
    initialMemoryPages: 256,
    maxMemoryPages: 16384,
  })
  const errors = result.errors.map((e) => ({
    line: e.loc && e.loc.fileName === DOCUMENT ? e.loc.lineNumber : null,
    message: e.message
      .replace(/^\s*(element [^:]+: )?Schemas validity error : /, '')
      .replace(/\{[^}]*\}/g, '')
      .trim(),
  }))
  return { valid: result.valid, errors }
}
