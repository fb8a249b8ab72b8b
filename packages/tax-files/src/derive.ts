/**
 * The JPK_V7M(3) / JPK_V7K(3) schemas Finance validates its files with while the official ones (published at
 * `crd.gov.pl/wzor/2025/12/19/14090/` and `…/14089/`) are not vendored: each is derived, by the text changes below,
 * from the vendored official JPK_V7M(2) schema and its base types, following the published description of the (3)
 * structures (docs/tax-rules.md §10 names the sources and says what was verified against which schema). The derived
 * files are written by `npm run -w @finance/tax-files derive` into `schemas/jpk/JPK_V7_3_derived/`; a test keeps them
 * equal to what this module produces, so every change to them is a reviewed change here.
 *
 * What changes from JPK_V7M(2):
 * - the target namespaces (`…/2025/12/19/14090/` for M, `…/14089/` for K), `kodSystemowy` `JPK_V7M (3)` /
 *   `JPK_V7K (3)`, `WariantFormularza` 3, DataWytworzeniaJPK from 2026-02-01 and Rok from 2026;
 * - the base types move to the namespace `…/mf/2022/09/13/eD/DefinicjeTypy/` (OsobaFizyczna's NIP, names and birth
 *   date are in it); the stand-in for them is the 2021/06/08 base types (v8) moved to that namespace, with dates
 *   and years allowed to 2100;
 * - KodUrzedu takes the office list of `…/2022/01/05/eD/KodyUrzedowSkarbowych/` (v8, the list JPK_PKPIR(3) uses);
 * - every sales and purchase row carries exactly one of NrKSeF (the KSeF number, pattern TNumerKSeF), OFF, BFK, DI,
 *   after DataSprzedazy / DataWplywu;
 * - the deposit-system fields K_360 (a sales row) and P_360 (the declaration), both optional; P_57 (refund in 60
 *   days) is gone;
 * - the declaration is VAT-7 (23) variant 23 (M) or VAT-7K (17) variant 17 with Kwartal (K).
 */
import { readFileSync } from 'node:fs'
import { schemaPath } from './schemas.ts'

export const V7M2_FILE = 'jpk/JPK_V7M_2/Schemat_JPK_V7M(2)_v1-0.xsd'
const V8_BASE = 'eD/2021-06-08/DefinicjeTypy/'
export const DERIVED_DIR = 'jpk/JPK_V7_3_derived/'

const NS_V7M2 = 'http://crd.gov.pl/wzor/2021/12/27/11148/'
export const NS_V7M3 = 'http://crd.gov.pl/wzor/2025/12/19/14090/'
export const NS_V7K3 = 'http://crd.gov.pl/wzor/2025/12/19/14089/'
const ETD_V8 = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2021/06/08/eD/DefinicjeTypy/'
export const ETD_2022_09_13 = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/09/13/eD/DefinicjeTypy/'
const KUS = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/KodyUrzedowSkarbowych/'

/** The stand-in base types, one file per vendored v8 file. */
const BASE_FILES = [
  ['StrukturyDanych_v8-0E.xsd', 'StrukturyDanych.derived.xsd'],
  ['ElementarneTypyDanych_v8-0E.xsd', 'ElementarneTypyDanych.derived.xsd'],
  ['KodyKrajow_v8-0E.xsd', 'KodyKrajow.derived.xsd'],
  ['KodyUrzedowSkarbowych_v7-0E.xsd', 'KodyUrzedowSkarbowych.derived.xsd'],
] as const

const NOTE = (what: string) =>
  `<!-- DERIVED by Finance (packages/tax-files/src/derive.ts), NOT an official schema: ${what}. ` +
  'Replace it with the official file as soon as one is available (schemas/README.md). -->\n'

/** `text` with `from` replaced by `to`, failing loudly when the official source no longer has `from`. */
const replaceOnce = (text: string, from: string | RegExp, to: string, times = 1): string => {
  let count = 0
  const out = text.replace(
    typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from,
    (...m) => {
      count++
      return to.replace(/\$(\d)/g, (_, i: string) => String(m[Number(i)] ?? ''))
    },
  )
  if (count !== times) throw new Error(`derive: expected ${times} match(es) of ${String(from)}, found ${count}`)
  return out
}

const insertAfterElement = (text: string, name: string, insert: string, times = 1): string => {
  let count = 0
  const re = new RegExp(`(\\t*)<xsd:element name="${name}"[^>]*?(?:/>|>[\\s\\S]*?</xsd:element>)`, 'g')
  const out = text.replace(re, (whole, indent: string) => {
    count++
    return `${whole}\n${insert.replace(/^/gm, indent)}`
  })
  if (count !== times) throw new Error(`derive: expected ${times} element(s) ${name}, found ${count}`)
  return out
}

const KSEF_CHOICE = `<xsd:choice>
	<xsd:annotation>
		<xsd:documentation>JPK_V7(3): numer KSeF faktury albo oznaczenie OFF, BFK lub DI (wstawione przez Finance według opublikowanego opisu struktury)</xsd:documentation>
	</xsd:annotation>
	<xsd:element name="NrKSeF" type="tns:TNumerKSeF"/>
	<xsd:element name="OFF" type="etd:TWybor1"/>
	<xsd:element name="BFK" type="etd:TWybor1"/>
	<xsd:element name="DI" type="etd:TWybor1"/>
</xsd:choice>`

const KSEF_NUMBER_TYPE = `	<xsd:simpleType name="TNumerKSeF">
		<xsd:annotation>
			<xsd:documentation>Numer identyfikujący fakturę w Krajowym Systemie e-Faktur (KSeF)</xsd:documentation>
		</xsd:annotation>
		<xsd:restriction base="xsd:string">
			<xsd:pattern value="([1-9]((\\d[1-9])|([1-9]\\d))\\d{7}|M\\d{9}|[A-Z]{3}\\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})"/>
		</xsd:restriction>
	</xsd:simpleType>
`

/** The derived main schema of `form` from the vendored V7M(2) text. */
export const deriveV7Schema = (form: 'M' | 'K', v7m2: string = readFileSync(schemaPath(V7M2_FILE), 'utf8')) => {
  let s = v7m2
  s = replaceOnce(s, NS_V7M2, form === 'M' ? NS_V7M3 : NS_V7K3, 2)
  s = replaceOnce(s, ETD_V8, ETD_2022_09_13, 3)
  s = replaceOnce(
    s,
    `schemaLocation="${ETD_2022_09_13}StrukturyDanych_v8-0E.xsd"/>`,
    `schemaLocation="StrukturyDanych.derived.xsd"/>\n\t<xsd:import namespace="${KUS}" schemaLocation="${KUS}KodyUrzedowSkarbowych_v8-0E.xsd"/>`,
  )
  s = replaceOnce(s, 'xmlns:tns=', `xmlns:kus="${KUS}" xmlns:tns=`)
  s = replaceOnce(
    s,
    '<xsd:element name="KodUrzedu" type="etd:TKodUS"/>',
    '<xsd:element name="KodUrzedu" type="kus:TKodUS"/>',
  )
  s = replaceOnce(s, 'fixed="JPK_V7M (2)"', `fixed="JPK_V7${form} (3)"`)
  s = replaceOnce(
    s,
    /(<xsd:element name="WariantFormularza">\s*<xsd:simpleType>\s*<xsd:restriction base="xsd:byte">\s*<xsd:enumeration value=")2("\/>)/,
    '$13$2',
  )
  s = replaceOnce(
    s,
    '<xsd:minInclusive value="2022-01-01T00:00:00Z"/>',
    '<xsd:minInclusive value="2026-02-01T00:00:00Z"/>',
  )
  s = replaceOnce(s, /(<xsd:restriction base="etd:TRok">\s*<xsd:minInclusive value=")2022("\/>)/, '$12026$2')
  // Declaration header.
  if (form === 'M') {
    s = replaceOnce(s, 'fixed="VAT-7 (22)"', 'fixed="VAT-7 (23)"')
  } else {
    s = replaceOnce(s, 'fixed="VAT-7 (22)"', 'fixed="VAT-7K (17)"')
    s = replaceOnce(s, '<xsd:enumeration value="VAT-7"/>', '<xsd:enumeration value="VAT-7K"/>')
    s = insertAfterElement(
      s,
      'WariantFormularzaDekl',
      '<xsd:element name="Kwartal" type="etd:TKwartal">\n\t<xsd:annotation>\n\t\t<xsd:documentation>Kwartał, za który składana jest deklaracja</xsd:documentation>\n\t</xsd:annotation>\n</xsd:element>',
    )
  }
  s = replaceOnce(
    s,
    /(<xsd:element name="WariantFormularzaDekl">[\s\S]*?<xsd:enumeration value=")22("\/>)/,
    `$1${form === 'M' ? '23' : '17'}$2`,
  )
  // Deposit system and refunds.
  s = insertAfterElement(
    s,
    'P_36',
    '<xsd:element name="P_360" type="etd:TKwotaCNieujemna" minOccurs="0">\n\t<xsd:annotation>\n\t\t<xsd:documentation>Wysokość podatku od niezwróconej kaucji (system kaucyjny, art. 17b ustawy)</xsd:documentation>\n\t</xsd:annotation>\n</xsd:element>',
  )
  s = replaceOnce(s, /\t*<xsd:element name="P_57" type="etd:TWybor1">[\s\S]*?<\/xsd:element>\n/, '')
  s = insertAfterElement(
    s,
    'K_36',
    '<xsd:element name="K_360" type="tns:TKwotowy" minOccurs="0">\n\t<xsd:annotation>\n\t\t<xsd:documentation>Wysokość podatku od niezwróconej kaucji (system kaucyjny, art. 17b ustawy)</xsd:documentation>\n\t</xsd:annotation>\n</xsd:element>',
  )
  // The KSeF number or marker of every row.
  s = insertAfterElement(s, 'DataSprzedazy', KSEF_CHOICE)
  s = insertAfterElement(s, 'DataWplywu', KSEF_CHOICE)
  s = replaceOnce(s, '\t<xsd:complexType name="TNaglowek">', `${KSEF_NUMBER_TYPE}\t<xsd:complexType name="TNaglowek">`)
  const header = s.indexOf('\n') + 1
  return (
    s.slice(0, header) +
    NOTE(
      `JPK_V7${form}(3) derived from the official JPK_V7M(2) schema and the published description of the (3) changes`,
    ) +
    s.slice(header)
  )
}

/** The stand-in base types (file name → text): the v8 base types moved to the 2022/09/13 namespace. */
export const deriveBaseTypes = (
  read: (file: string) => string = (f) => readFileSync(schemaPath(V8_BASE + f), 'utf8'),
): ReadonlyMap<string, string> => {
  const out = new Map<string, string>()
  for (const [source, target] of BASE_FILES) {
    let s = read(source)
    s = s.split(ETD_V8).join(ETD_2022_09_13)
    for (const [src, dst] of BASE_FILES)
      s = s.split(`schemaLocation="${ETD_2022_09_13}${src}"`).join(`schemaLocation="${dst}"`)
    if (source.startsWith('ElementarneTypyDanych')) {
      s = replaceOnce(s, '<xsd:maxInclusive value="2050-12-31"/>', '<xsd:maxInclusive value="2100-12-31"/>')
      s = replaceOnce(s, '<xsd:maxInclusive value="2050"/>', '<xsd:maxInclusive value="2100"/>')
    }
    const header = s.indexOf('?>') + 2
    out.set(
      target,
      `${s.slice(0, header)}\n${NOTE(`stand-in for the base types of ${ETD_2022_09_13}, made from the official v8 base types (${source})`)}${s.slice(header).replace(/^\n/, '')}`,
    )
  }
  return out
}

/** Every derived file (path under `schemas/` → text). */
export const derivedSchemaFiles = (): ReadonlyMap<string, string> => {
  const out = new Map<string, string>()
  out.set(`${DERIVED_DIR}Schemat_JPK_V7M(3).derived.xsd`, deriveV7Schema('M'))
  out.set(`${DERIVED_DIR}Schemat_JPK_V7K(3).derived.xsd`, deriveV7Schema('K'))
  for (const [name, text] of deriveBaseTypes()) out.set(DERIVED_DIR + name, text)
  return out
}
