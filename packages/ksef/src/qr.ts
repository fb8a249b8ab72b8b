/**
 * The verification codes of an invoice's visualisation (`kody-qr.md`): KOD I, a link to the invoice in KSeF made of
 * the environment's QR address, the seller's NIP, the issue date (P_1 as DD-MM-RRRR) and the SHA-256 of the invoice
 * file in Base64URL; the label under it is the KSeF number once assigned, else OFFLINE. The QR symbol is ISO/IEC
 * 18004 (the `qrcode` package), drawn by the PDF and the HTML from its module matrix.
 */
import { constants, createHash, type KeyObject, sign } from 'node:crypto'
import QRCode from 'qrcode'
import type { KsefEnvironment } from './port.ts'

/** The QR address of each environment (`kody-qr.md`, "Środowiska"). */
export const KSEF_QR_BASE_URLS: Readonly<Record<KsefEnvironment, string>> = {
  TEST: 'https://qr-test.ksef.mf.gov.pl',
  DEMO: 'https://qr-demo.ksef.mf.gov.pl',
  PROD: 'https://qr.ksef.mf.gov.pl',
}

/** The invoice file's hash as KOD I carries it: SHA-256 of the bytes, Base64URL without padding. */
export const invoiceFileHash = (xml: string | Uint8Array): string =>
  createHash('sha256')
    .update(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml)
    .digest('base64url')

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** KOD I: `{qr}/invoice/{NIP}/{DD-MM-RRRR}/{hash}` for the seller's NIP and the issue date P_1 (`YYYY-MM-DD`). */
export const kod1Url = (o: {
  readonly environment: KsefEnvironment
  readonly sellerNip: string
  readonly issueDate: string
  /** SHA-256 of the invoice file in Base64URL (`invoiceFileHash`). */
  readonly hash: string
}): string => {
  const m = DATE.exec(o.issueDate)
  if (!m) throw new Error(`The issue date ${o.issueDate} is not YYYY-MM-DD`)
  return `${KSEF_QR_BASE_URLS[o.environment]}/invoice/${o.sellerNip}/${m[3]}-${m[2]}-${m[1]}/${o.hash}`
}

/** The label under KOD I: the KSeF number once known, else OFFLINE (`kody-qr.md`, "Oznaczenie pod kodem QR"). */
export const kod1Label = (ksefNumber: string | null): string => ksefNumber ?? 'OFFLINE'

/** The label under KOD II. */
export const KOD2_LABEL = 'CERTYFIKAT'

/** The types of the login context a KOD II link names (`kody-qr.md`, KOD II). */
export type Kod2ContextType = 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId'

/**
 * KOD II of an offline invoice: `{qr}/certificate/{context type}/{context id}/{seller's NIP}/{certificate serial}/{hash}`
 * and the signature of that path without `https://` by the private key of the issuer's KSeF certificate of type
 * Offline, in Base64URL: RSASSA-PSS with SHA-256, MGF1 SHA-256 and a 32-byte salt for an RSA key (2048 bits at
 * least), ECDSA P-256 with SHA-256 in IEEE P1363 form (r‖s, the recommended one) for an EC key.
 */
export const kod2Url = (o: {
  readonly environment: KsefEnvironment
  readonly contextType: Kod2ContextType
  readonly contextValue: string
  readonly sellerNip: string
  /** The certificate's serial number as KSeF shows it (hexadecimal, e.g. `01F20A5D352AE590`). */
  readonly certificateSerial: string
  /** SHA-256 of the invoice file in Base64URL (`invoiceFileHash`). */
  readonly hash: string
  readonly privateKey: KeyObject
}): string => {
  const base = `${KSEF_QR_BASE_URLS[o.environment]}/certificate/${o.contextType}/${o.contextValue}/${o.sellerNip}/${o.certificateSerial}/${o.hash}`
  const signed = Buffer.from(base.replace(/^https:\/\//, ''), 'utf8')
  const key = o.privateKey
  let signature: Buffer
  if (key.asymmetricKeyType === 'rsa') {
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
      throw new Error('A KOD II RSA key must have at least 2048 bits')
    signature = sign('sha256', signed, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })
  } else if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
    signature = sign('sha256', signed, { key, dsaEncoding: 'ieee-p1363' })
  else throw new Error('A KOD II key must be RSA (2048 bits or more) or ECDSA P-256')
  return `${base}/${signature.toString('base64url')}`
}

/** A QR symbol's modules, row by row (`true` is dark), for a renderer to draw. */
export interface QrMatrix {
  readonly size: number
  readonly dark: (row: number, column: number) => boolean
}

/** The QR symbol of a link (error correction M, byte mode: the links are ASCII). */
export const qrMatrix = (text: string): QrMatrix => {
  // One byte-mode segment: the library's search for the cheapest mix of modes costs more than the symbol itself.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (r, c) => modules.get(r, c) !== 0 }
}
