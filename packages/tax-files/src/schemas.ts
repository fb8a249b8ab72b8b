/**
 * The official schemas vendored in `schemas/` (see its README.md for their source and licence), one entry per
 * file format. A format whose official schema is not vendored yet (JPK_V7M(3), JPK_V7K(3)) names the place the
 * official file goes and the derived schema used until it is there (`src/derive.ts`); `schemaFileOf` picks the
 * official file as soon as it exists, so dropping it in is all it takes.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Absolute path of a file under `schemas/`. */
export const schemaPath = (relative: string): string =>
  fileURLToPath(new URL(`../schemas/${relative}`, import.meta.url))

export interface SchemaInfo {
  /** The official schema file, relative to `schemas/`. */
  readonly file: string
  /** A derived schema used while the official one is not vendored (relative to `schemas/`). */
  readonly derived?: string
  /** Target namespace of the document's root element. */
  readonly namespace: string
  /** `kodSystemowy` of the form (Naglowek/KodFormularza), where the format has one. */
  readonly systemCode: string
}

export const SCHEMAS = {
  'JPK_PKPIR(3)': {
    file: 'jpk/JPK_PKPIR_3/Schemat_JPK_PKPIR(3)_v1-0.xsd',
    namespace: 'http://jpk.mf.gov.pl/wzor/2024/10/30/10302/',
    systemCode: 'JPK_PKPIR (3)',
  },
  'JPK_EWP(4)': {
    file: 'jpk/JPK_EWP_4/Schemat_JPK_EWP(4)_v1-0.xsd',
    namespace: 'http://jpk.mf.gov.pl/wzor/2024/10/30/10301/',
    systemCode: 'JPK_EWP (4)',
  },
  'FA(3)': {
    file: 'ksef/FA_3/schemat_FA(3)_v1-0E.xsd',
    namespace: 'http://crd.gov.pl/wzor/2025/06/25/13775/',
    systemCode: 'FA (3)',
  },
  /** The KSeF acknowledgement of receipt (UPO) of an invoice or a session; it has no form code. */
  'UPO(4-3)': {
    file: 'ksef/UPO_4_3/upo-v4-3.xsd',
    namespace: 'http://upo.schematy.mf.gov.pl/KSeF/v4-3',
    systemCode: 'UPO',
  },
  'JPK_V7M(2)': {
    file: 'jpk/JPK_V7M_2/Schemat_JPK_V7M(2)_v1-0.xsd',
    namespace: 'http://crd.gov.pl/wzor/2021/12/27/11148/',
    systemCode: 'JPK_V7M (2)',
  },
  'JPK_V7M(3)': {
    file: 'jpk/JPK_V7M_3/Schemat_JPK_V7M(3)_v1-0E.xsd',
    derived: 'jpk/JPK_V7_3_derived/Schemat_JPK_V7M(3).derived.xsd',
    namespace: 'http://crd.gov.pl/wzor/2025/12/19/14090/',
    systemCode: 'JPK_V7M (3)',
  },
  'JPK_V7K(3)': {
    file: 'jpk/JPK_V7K_3/Schemat_JPK_V7K(3)_v1-0E.xsd',
    derived: 'jpk/JPK_V7_3_derived/Schemat_JPK_V7K(3).derived.xsd',
    namespace: 'http://crd.gov.pl/wzor/2025/12/19/14089/',
    systemCode: 'JPK_V7K (3)',
  },
} as const satisfies Record<string, SchemaInfo>

export type SchemaId = keyof typeof SCHEMAS

export interface ResolvedSchema {
  /** The schema file used, relative to `schemas/`. */
  readonly file: string
  /** `true` for the official file, `false` for a derived stand-in. */
  readonly official: boolean
}

/** The schema a document of `id` is checked with: the official file when vendored, else the derived one. */
export const schemaFileOf = (id: SchemaId): ResolvedSchema => {
  const info: SchemaInfo = SCHEMAS[id]
  if (info.derived === undefined || existsSync(schemaPath(info.file))) return { file: info.file, official: true }
  return { file: info.derived, official: false }
}

/** The catalog that maps the schemas' network import locations to the vendored copies. */
export const CATALOG_FILE = 'catalog.xml'
