/**
 * The invoice visualisation (PDF, HTML preview, the KSeF verification codes): an entry of its own, loaded when an
 * invoice is drawn, so that the client's users do not load the PDF and font machinery.
 */
export * from '../qr.ts'
export * from './html.ts'
export * from './model.ts'
export * from './pdf.ts'
