/**
 * The official schemas vendored in `schemas/` (see its README.md for their source and licence), one entry per
 * file format. Later formats (JPK_V7M/K, KSeF FA(3)) join this table and the catalog beside the schemas.
 */
import { fileURLToPath } from 'node:url'

/** Absolute path of a file under `schemas/`. */
export const schemaPath = (relative: string): string =>
  fileURLToPath(new URL(`../schemas/${relative}`, import.meta.url))

export interface SchemaInfo {
  /** The schema file, relative to `schemas/`. */
  readonly file: string
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
} as const satisfies Record<string, SchemaInfo>

export type SchemaId = keyof typeof SCHEMAS

/** The catalog that maps the schemas' network import locations to the vendored copies. */
export const CATALOG_FILE = 'catalog.xml'
