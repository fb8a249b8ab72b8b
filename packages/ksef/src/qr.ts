/**
 * The verification codes of an invoice's visualisation (`kody-qr.md`): KOD I, a link to the invoice in KSeF made of
 * the environment's QR address, the seller's NIP, the issue date (P_1 as DD-MM-RRRR) and the SHA-256 of the invoice
 * file in Base64URL; the label under it is the KSeF number once assigned, else OFFLINE. The QR symbol is ISO/IEC
 * 18004 (the `qrcode` package), drawn by the PDF and the HTML from its module matrix.
 */
import { createHash } from 'node:crypto'
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

/** A QR symbol's modules, row by row (`true` is dark), for a renderer to draw. */
export interface QrMatrix {
  readonly size: number
  readonly dark: (row: number, column: number) => boolean
}

/** The QR symbol of a link (error correction M, byte mode: the links are ASCII). */
export const qrMatrix = (text: string): QrMatrix => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (r, c) => modules.get(r, c) !== 0 }
}
