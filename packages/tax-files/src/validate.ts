/**
 * Schema validation with libxml2's own validator (`xmllint-wasm`: xmllint compiled to WebAssembly, so no system
 * package is needed at run time), offline:
 * - `validateXml(xml, schemaId)` checks a document against one of the vendored schemas (the official file, or the
 *   derived stand-in while the official one is not vendored: the result says which);
 * - `validateMany(documents, schemaId)` checks many documents in one run of the validator (the schema is compiled
 *   once: an import of a thousand invoices costs one start-up, not a thousand);
 * - `validateWithSchemaFile(xml, xsdPath)` checks a document against any schema on disk (`finance jpk validate
 *   --xsd`), resolving its imports from the files beside it and from the vendored copies.
 * The schemas import their base types from `http://crd.gov.pl/…`; the validator gets the files in its memory file
 * system and the import locations rewritten by the rules of `schemas/catalog.xml` — the same catalog Debian's
 * `xmllint --nonet` uses (see schemas/README.md) — so nothing is fetched from the network. Errors carry the line of
 * the document they concern.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { validateXML, type XMLFileInfo, type XMLValidationError } from 'xmllint-wasm'
import { CATALOG_FILE, type SchemaId, schemaFileOf, schemaPath } from './schemas.ts'

export interface XmlProblem {
  /** Line of the document (1-based), `null` when libxml2 names none. */
  readonly line: number | null
  readonly message: string
}

export interface XmlValidation {
  readonly valid: boolean
  readonly errors: readonly XmlProblem[]
  /** Set when the schema itself could not be loaded: no document was checked (its one error says why, in English). */
  readonly schemaUnloaded?: true
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

/** Every `.xsd` file under `dir` (recursively), as paths relative to it. */
const xsdFilesUnder = (dir: string): string[] => {
  const out: string[] = []
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.xsd')) out.push(relative(dir, full))
    }
  }
  walk(dir)
  return out.sort()
}

let rewrites: readonly Rewrite[] | null = null
const catalog = () => {
  rewrites ??= catalogRewrites(readFileSync(schemaPath(CATALOG_FILE), 'utf8'))
  return rewrites
}

/**
 * A schema text with its import and include locations made absolute paths of the memory file system: `local` may
 * resolve a location first (a user's schema folder holding the imported file), then catalogued network locations go
 * to the vendored copies (under `/`); relative ones stay relative to the file.
 */
const relocate = (text: string, local?: (uri: string) => string | null): string =>
  text.replace(/schemaLocation="([^"]+)"/g, (whole, uri: string) => {
    const own = local?.(uri)
    if (own) return `schemaLocation="${own}"`
    // Only import locations change: namespace names keep their `http://crd.gov.pl/…` form.
    const rule = catalog().find((r) => uri.startsWith(r.from))
    return rule ? `schemaLocation="/${rule.to}${uri.slice(rule.from.length)}"` : whole
  })

let vendored: readonly XMLFileInfo[] | null = null

/** Every vendored schema, at `<path under schemas/>`, with catalogued import locations made absolute local paths. */
const vendoredFiles = (): readonly XMLFileInfo[] => {
  if (vendored) return vendored
  const root = schemaPath('')
  vendored = xsdFilesUnder(root).map((f) => ({ fileName: f, contents: relocate(readFileSync(join(root, f), 'utf8')) }))
  return vendored
}

const DOCUMENT = 'document.xml'

/** libxml2's message without its prefixes (element path, "Schemas validity error"), namespaces dropped. */
const cleanMessage = (m: string) =>
  m
    .replace(/^\s*(element [^:]+: )?Schemas validity error : /, '')
    .replace(/^\s*parser error : /, '')
    .replace(/\{[^}]*\}/g, '')
    .trim()

/**
 * Problems per document from one run: libxml2 prints `name:line: message` for each problem, then the offending
 * source line and a caret for parser errors (no location: dropped), and `name fails to validate` or `name validates`.
 */
const problemsByDocument = (names: readonly string[], errors: readonly XMLValidationError[], raw: string) => {
  const out = new Map<string, XmlProblem[]>(names.map((n) => [n, []]))
  for (const e of errors) {
    if (e.loc && out.has(e.loc.fileName)) {
      const message = cleanMessage(e.message)
      if (message !== '') out.get(e.loc.fileName)!.push({ line: e.loc.lineNumber, message })
    }
  }
  const failed = new Set<string>()
  for (const line of raw.split('\n')) {
    const m = /^(.+) fails to validate$/.exec(line.trim())
    if (m && out.has(m[1]!)) failed.add(m[1]!)
  }
  return names.map((n) => {
    const problems = out.get(n)!
    if (failed.has(n) && problems.length === 0) problems.push({ line: null, message: 'The document fails to validate' })
    return { valid: problems.length === 0 && !failed.has(n), errors: problems }
  })
}

const run = async (schema: XMLFileInfo, preload: readonly XMLFileInfo[], docs: readonly XMLFileInfo[]) => {
  let result: Awaited<ReturnType<typeof validateXML>>
  try {
    // A year of entries makes a document of several megabytes; libxml2 keeps it as a tree while validating.
    result = await validateXML({
      xml: docs,
      schema: [schema],
      preload,
      modifyArguments: (args) => ['--nonet', ...args],
      initialMemoryPages: 256,
      maxMemoryPages: 16384,
    })
  } catch (e) {
    // The schema itself did not load (an import that cannot be found, a schema that is not one): no document can
    // be checked, so none is valid.
    const lines = String((e as Error).message ?? e)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !/^Error:?$/.test(l))
    const message = `The schema could not be loaded: ${lines.slice(0, 3).join(' ')}`
    return docs.map(() => ({ valid: false, schemaUnloaded: true as const, errors: [{ line: null, message }] }))
  }
  return problemsByDocument(
    docs.map((d) => d.fileName),
    result.errors,
    result.rawOutput,
  )
}

/**
 * The files a schema imports and includes, transitively (relocated locations: absolute under `/`, or relative to the
 * importing file). Only these are loaded beside it: every validation run starts a fresh libxml2, and copying all the
 * vendored schemas into it cost more than the validation of a typical invoice.
 */
const importsOf = (schema: XMLFileInfo, all: readonly XMLFileInfo[]): XMLFileInfo[] => {
  const byName = new Map(all.map((f) => [f.fileName, f]))
  const seen = new Set<string>([schema.fileName])
  const out: XMLFileInfo[] = []
  const queue = [schema]
  while (queue.length > 0) {
    const f = queue.pop()!
    for (const m of String(f.contents).matchAll(/schemaLocation="([^"]+)"/g)) {
      const loc = m[1]!
      const name = loc.startsWith('/') ? loc.slice(1) : join(dirname(f.fileName), loc)
      const dep = byName.get(name)
      if (!dep || seen.has(name)) continue
      seen.add(name)
      out.push(dep)
      queue.push(dep)
    }
  }
  return out
}

const preloads = new Map<string, { schema: XMLFileInfo; preload: readonly XMLFileInfo[] }>()

const vendoredSchema = (id: SchemaId) => {
  const resolved = schemaFileOf(id)
  let entry = preloads.get(resolved.file)
  if (!entry) {
    const all = vendoredFiles()
    const schema = all.find((f) => f.fileName === resolved.file)
    if (!schema) throw new Error(`The schema ${resolved.file} is not vendored`)
    entry = { schema, preload: importsOf(schema, all) }
    preloads.set(resolved.file, entry)
  }
  return { resolved, ...entry }
}

/**
 * Validates `xml` against the schema of `schemaId`: the official file when vendored, else the derived stand-in
 * (`schemaFileOf(schemaId)` says which).
 */
export const validateXml = async (xml: string, schemaId: SchemaId): Promise<XmlValidation> => {
  const { schema, preload } = vendoredSchema(schemaId)
  const [result] = await run(schema, preload, [{ fileName: DOCUMENT, contents: xml }])
  return result!
}

/** Validates many documents against the schema of `schemaId` in one run; results in the order given. */
export const validateMany = async (
  documents: readonly (string | Uint8Array)[],
  schemaId: SchemaId,
): Promise<readonly XmlValidation[]> => {
  if (documents.length === 0) return []
  const { schema, preload } = vendoredSchema(schemaId)
  return run(
    schema,
    preload,
    documents.map((contents, i) => ({ fileName: `document-${i + 1}.xml`, contents })),
  )
}

/**
 * Validates `xml` against the schema file `xsdPath` (any schema: an official one the user downloaded). Its imports
 * resolve, in order: by file name to an `.xsd` in its folder (an import from `http://crd.gov.pl/…` saved beside the
 * schema), through the catalog to the vendored copies, and relative to the importing file.
 */
export const validateWithSchemaFile = async (xml: string, xsdPath: string): Promise<XmlValidation> => {
  if (!statSync(xsdPath).isFile()) throw new Error(`${xsdPath} is not a file`)
  const dir = dirname(xsdPath)
  const mount = 'user-schema'
  const userFiles = xsdFilesUnder(dir)
  const byName = new Map<string, string>()
  for (const f of userFiles) if (!byName.has(basename(f))) byName.set(basename(f), `/${mount}/${f}`)
  const fallback = (uri: string) => (/^[a-z]+:/i.test(uri) ? (byName.get(basename(uri)) ?? null) : null)
  const mounted = userFiles.map((f) => ({
    fileName: `${mount}/${f}`,
    contents: relocate(readFileSync(join(dir, f), 'utf8'), fallback),
  }))
  const main = mounted.find((f) => f.fileName === `${mount}/${relative(dir, xsdPath)}`)!
  const [result] = await run(
    main,
    [...vendoredFiles(), ...mounted.filter((f) => f !== main)],
    [{ fileName: DOCUMENT, contents: xml }],
  )
  return result!
}
