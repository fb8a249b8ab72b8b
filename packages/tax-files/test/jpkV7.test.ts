/**
 * JPK_V7M / JPK_V7K: golden files of recorded histories (`UPDATE_GOLDEN=1` rewrites them after a deliberate change
 * — then read the diff), each validated twice (libxml2 in-process, Debian `xmllint --nonet`) against the schema of
 * its version: the official JPK_V7M(2) for January 2026, the derived (3) schemas from February (schemas/README.md);
 * the declaration is the engine's, field for field; the derived schemas are what `derive.ts` makes of the official
 * V7M(2) and refuse a row without its KSeF number or marker; any schema on disk can check a file.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { foldBooks, vatFiling } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { DERIVED_DIR, derivedSchemaFiles } from '../src/derive.ts'
import { jpkV7File, v7Problems } from '../src/jpkV7.ts'
import { schemaFileOf, schemaPath } from '../src/schemas.ts'
import { contact, primary } from '../src/testing/scenarios.ts'
import { monthlyEvents, refundEvents, vatScenarios } from '../src/testing/vatScenarios.ts'
import { validateWithSchemaFile, validateXml } from '../src/validate.ts'
import { expectGolden, xmllint } from './support.ts'

const createdAt = '2026-07-20T10:00:00Z'

const fileOf = (events: Parameters<typeof foldBooks>[0], month: string) => {
  const filing = vatFiling(foldBooks(events), month)
  if (!filing) throw new Error(`no VAT period for ${month}`)
  const result = jpkV7File({ filing, primary, contact, purpose: 1, createdAt })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return { filing, result }
}

/** The text of every element `name` of a document, in order. */
const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!)

describe.each(vatScenarios)('$name', (s) => {
  const { filing, result } = fileOf(s.events, s.month)

  it('matches its golden file', () => {
    expectGolden(s.name, result.xml)
  })

  it('is valid against its schema (libxml2 in-process)', async () => {
    expect(await validateXml(result.xml, result.schema)).toEqual({ valid: true, errors: [] })
  })

  it('is valid against its schema (Debian xmllint, offline catalog)', () => {
    const run = xmllint(schemaFileOf(result.schema).file, { [`${s.name}.xml`]: result.xml })
    expect(run.stderr).toContain('validates')
    expect(run.status).toBe(0)
  })

  it('declares exactly the engine’s figures, and its register adds up to them', () => {
    if (!result.declaration) {
      expect(result.xml).not.toContain('<Deklaracja>')
      return
    }
    const d = filing.period.declaration
    for (const f of ['P_38', 'P_51'] as const) expect(all(result.xml, f)).toEqual([String(d[f] / 100n)])
    for (const f of ['P_53', 'P_54', 'P_60', 'P_62', 'P_39', 'P_19', 'P_20', 'P_43'] as const) {
      const g = d[f] ?? 0n
      expect(all(result.xml, f)).toEqual(g === 0n ? [] : [String(g / 100n)])
    }
  })
})

describe('a refund in JPK_V7M(3)', () => {
  it('has no 60-day term from February 2026: a refund kept with one is a problem to fix, not a file', () => {
    const events = [
      ...refundEvents,
      { type: 'VatRefundSet', data: { month: '2026-02', refund: { amount: null, term: 'days60', offset: null } } },
    ] as Parameters<typeof foldBooks>[0]
    const filing = vatFiling(foldBooks(events), '2026-02')!
    expect(filing.period.declaration.P_54).toBe(39400n)
    expect(v7Problems({ filing, primary, contact })).toEqual([
      {
        field: 'refund.term',
        code: 'INVALID',
        message: 'From February 2026 there is no 60-day refund: the general term is 40 days',
      },
    ])
  })
})

describe('the months of a monthly VAT payer in 2026', () => {
  it('January is JPK_V7M(2), checked against the official schema; February on is (3)', () => {
    expect(fileOf(monthlyEvents, '2026-01').result).toMatchObject({ form: 'JPK_V7M', schema: 'JPK_V7M(2)' })
    expect(schemaFileOf('JPK_V7M(2)')).toEqual({ file: 'jpk/JPK_V7M_2/Schemat_JPK_V7M(2)_v1-0.xsd', official: true })
    expect(fileOf(monthlyEvents, '2026-02').result).toMatchObject({ form: 'JPK_V7M', schema: 'JPK_V7M(3)' })
  })

  it('February: the January excess is carried in, one invoice at two rates is one row, markers default by kind', () => {
    const { filing, result } = fileOf(monthlyEvents, '2026-02')
    // January: P_38 363, P_43 460 → P_62 97, carried into February's P_39.
    expect(filing.period.declaration.P_39).toBe(9700n)
    expect(all(result.xml, 'DowodSprzedazy')).toEqual([
      'FV 1/02/2026',
      'FV 2/02/2026',
      'FV 3/02/2026',
      'FV 4/02/2026',
      'b/n',
    ])
    expect(all(result.xml, 'KodKrajuNadaniaTIN')).toEqual(['DE', 'EL'])
    expect(all(result.xml, 'NrKontrahenta').slice(0, 4)).toEqual(['5260001246', '5260001246', '123456789', '094014201'])
    expect(all(result.xml, 'DataWplywu')).toEqual(['2026-02-10'])
    expect(result.defaultedMarkers).toEqual([{ documentNumber: '', marker: 'DI' }])
    // The correction's VAT is the document's: 3000 × 23 % = 690.00 and −0.01.
    expect(all(result.xml, 'K_43')).toEqual(['690.00', '-0.01'])
    expect(all(result.xml, 'PodatekNaliczony')).toEqual(['689.99'])
  })

  it('a private expense and a purchase without VAT are in no register', () => {
    const { filing } = fileOf(monthlyEvents, '2026-02')
    const items = filing.purchases.flatMap((r) => r.sources.map((s) => s.itemId))
    expect(items).toEqual([11, 12])
  })
})

describe('what keeps a file from being written', () => {
  it('company data the form needs, and a sale at a rate the register has no field for', () => {
    const odd = foldBooks([
      ...monthlyEvents,
      {
        type: 'ItemAdded',
        data: {
          id: 99,
          dataType: 'Income',
          data: { ...(monthlyEvents[2]!.data as { data: object }).data, date: '2026-03-09', percent: '8.5' },
        },
      } as (typeof monthlyEvents)[number],
    ])
    const filing = vatFiling(odd, '2026-03')!
    expect(v7Problems({ filing, primary: null, contact: null }).map((p) => p.field)).toEqual(['companyName', 'rows'])
    expect(v7Problems({ filing, primary, contact: null })).toEqual([
      { field: 'email', code: 'REQUIRED', message: 'Contact e-mail is required for a JPK_V7 file' },
      { field: 'rows', code: 'RATE', message: 'Item 99 has VAT of 8.5 %, which JPK_V7 has no field for' },
    ])
  })
})

describe('the derived JPK_V7(3) schemas', () => {
  it('are exactly what derive.ts makes of the vendored official JPK_V7M(2) schema', () => {
    const files = derivedSchemaFiles()
    expect([...files.keys()].every((f) => f.startsWith(DERIVED_DIR))).toBe(true)
    for (const [file, text] of files) expect(readFileSync(schemaPath(file), 'utf8'), file).toBe(text)
  })

  it('are used while the official files are not vendored', () => {
    expect(schemaFileOf('JPK_V7M(3)')).toEqual({
      file: 'jpk/JPK_V7_3_derived/Schemat_JPK_V7M(3).derived.xsd',
      official: false,
    })
    expect(schemaFileOf('JPK_V7K(3)').official).toBe(false)
  })

  it('refuse a row without its KSeF number or marker, and a JPK_V7M(2) header', async () => {
    const { result } = fileOf(monthlyEvents, '2026-02')
    const noMarker = result.xml.replace('<OFF>1</OFF>', '')
    const check = await validateXml(noMarker, 'JPK_V7M(3)')
    expect(check.valid).toBe(false)
    expect(check.errors[0]!.message).toContain(
      "Element 'K_10': This element is not expected. Expected is one of ( DataSprzedazy, NrKSeF, OFF, BFK, DI )",
    )
    const old = await validateXml(result.xml.replace('JPK_V7M (3)', 'JPK_V7M (2)'), 'JPK_V7M(3)')
    expect(old.valid).toBe(false)
  })
})

describe('validating against a schema on disk (finance jpk validate --xsd)', () => {
  it('resolves imports from the schema’s folder by name, and reports what does not validate', async () => {
    // A user's folder: the derived V7M(3) schema importing its base types by their network location, beside it.
    const dir = mkdtempSync(join(tmpdir(), 'xsd-'))
    const main = readFileSync(schemaPath(`${DERIVED_DIR}Schemat_JPK_V7M(3).derived.xsd`), 'utf8').replace(
      'schemaLocation="StrukturyDanych.derived.xsd"',
      'schemaLocation="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/09/13/eD/DefinicjeTypy/StrukturyDanych.derived.xsd"',
    )
    writeFileSync(join(dir, 'schemat.xsd'), main)
    mkdirSync(join(dir, 'base'))
    for (const f of ['StrukturyDanych', 'ElementarneTypyDanych', 'KodyKrajow', 'KodyUrzedowSkarbowych'])
      copyFileSync(schemaPath(`${DERIVED_DIR}${f}.derived.xsd`), join(dir, 'base', `${f}.derived.xsd`))
    const { result } = fileOf(monthlyEvents, '2026-02')
    expect(await validateWithSchemaFile(result.xml, join(dir, 'schemat.xsd'))).toEqual({ valid: true, errors: [] })
    const broken = await validateWithSchemaFile(
      result.xml.replace('<P_38>', '<P_99>').replace('</P_38>', '</P_99>'),
      join(dir, 'schemat.xsd'),
    )
    expect(broken.valid).toBe(false)
    expect(broken.errors[0]).toMatchObject({ line: expect.any(Number), message: expect.stringContaining('P_99') })
  })

  it('says when an import cannot be found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xsd-'))
    writeFileSync(
      join(dir, 'schemat.xsd'),
      readFileSync(schemaPath(`${DERIVED_DIR}Schemat_JPK_V7M(3).derived.xsd`), 'utf8').replace(
        'schemaLocation="StrukturyDanych.derived.xsd"',
        'schemaLocation="http://example.org/missing.xsd"',
      ),
    )
    const { result } = fileOf(monthlyEvents, '2026-02')
    const check = await validateWithSchemaFile(result.xml, join(dir, 'schemat.xsd'))
    expect(check.valid).toBe(false)
    expect(check.errors[0]!.message).toMatch(/^The schema could not be loaded: .*missing\.xsd/)
    expect(check.schemaUnloaded).toBe(true)
  })
})
