/**
 * The visualisation of an invoice (PDF or HTML preview, docs/ksef.md "The invoice visualisation"), always drawn from
 * an FA(3) file:
 * - an income sent (or being sent) to KSeF: the file kept for the sending, the very bytes KSeF holds, with KOD I for
 *   the user's environment and the KSeF number under it (OFFLINE until KSeF assigns one);
 * - an income not sent yet: its FA(3) file as it would be issued now, without KOD I (a new rendering's hash would
 *   verify nothing: the code belongs to the file that is sent);
 * - an expense fetched from KSeF: the supplier's file as KSeF gave it, with KOD I and its KSeF number.
 * The drawing (`@finance/ksef/visual`) is loaded on first use.
 */
import type { KeyObject } from 'node:crypto'
import type { Lang } from '@finance/ledger-core/format'
import type { Item } from '@finance/ledger-core/light'
import { loadBooks } from './books.ts'
import { issueInvoice } from './files/fa3.ts'
import { ksefCertificate } from './ksefCertificate.ts'
import {
  issueRefused,
  type KsefDeps,
  KsefActionError,
  ksefEnvironment,
  ksefReceivedXml,
  ksefSentXml,
} from './ksefOnline.ts'
import { ourNips } from './imports/fa3.ts'

export type InvoiceVisualFormat = 'pdf' | 'html'

export interface InvoiceVisualFile {
  readonly fileName: string
  readonly contentType: string
  readonly body: Uint8Array | string
}

/** The file name of a visualisation: the invoice number's safe characters. */
const fileNameOf = (number: string, itemId: number, format: InvoiceVisualFormat) => {
  const safe = number
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return `${safe || `faktura-${itemId}`}.${format}`
}

/** The FA(3) file an item's visualisation is drawn from, with its KSeF number and the environment of KOD I. */
export async function invoiceSource(
  deps: KsefDeps,
  userId: string,
  itemId: number,
): Promise<{
  xml: string
  ksefNumber: string | null
  environment: Awaited<ReturnType<typeof ksefEnvironment>> | null
  /** An invoice issued offline, with the user's KSeF certificate: what KOD II is made of (`kody-qr.md`). */
  kod2: { nip: string; serial: string; privateKey: KeyObject } | null
}> {
  const { state } = await loadBooks(deps.store, userId)
  const r = state.records.get(itemId)
  if (!r || r.deleted || (r.dataType !== 'Income' && r.dataType !== 'Expense'))
    throw new KsefActionError('NOT_FOUND', 'Not found', { field: 'id' })
  const item = r.data as Item
  const ksefNumber = item.ksefNumber ?? null
  if (r.dataType === 'Expense') {
    const xml = ksefNumber === null ? null : await ksefReceivedXml(deps, userId, ksefNumber)
    if (xml === null)
      throw new KsefActionError(
        'NO_FILE',
        'No FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown',
        { field: 'id' },
      )
    return { xml, ksefNumber, environment: await ksefEnvironment(deps, userId), kod2: null }
  }
  const sent = await ksefSentXml(deps, userId, itemId)
  if (sent !== null) {
    // KOD II: only an invoice issued offline carries it, signed with the user's certificate of type Offline.
    const nip = ourNips(state)[0]
    const certificate = state.ksefOffline?.has(itemId) && nip ? await ksefCertificate(deps, userId) : null
    const kod2 = certificate && nip ? { nip, serial: certificate.serial, privateKey: certificate.privateKey } : null
    return { xml: sent, ksefNumber, environment: await ksefEnvironment(deps, userId), kod2 }
  }
  const issued = await issueInvoice(state, itemId, { now: deps.now() })
  if (!issued.ok) throw issueRefused(issued)
  // An invoice whose number came from elsewhere (entered by hand) has no file of ours in KSeF: no code for it.
  return { xml: issued.xml, ksefNumber, environment: null, kod2: null }
}

/** The PDF or the HTML preview of an income's or a received expense's invoice. */
export async function invoiceVisualFile(
  deps: KsefDeps,
  userId: string,
  itemId: number,
  opts: { readonly format: InvoiceVisualFormat; readonly lang: Lang },
): Promise<InvoiceVisualFile> {
  const source = await invoiceSource(deps, userId, itemId)
  const visual = await import('@finance/ksef/visual')
  const kod2Url =
    source.kod2 && source.environment
      ? visual.kod2Url({
          environment: source.environment,
          contextType: 'Nip',
          contextValue: source.kod2.nip,
          sellerNip: source.kod2.nip,
          certificateSerial: source.kod2.serial,
          hash: visual.invoiceFileHash(source.xml),
          privateKey: source.kod2.privateKey,
        })
      : null
  const v = visual.invoiceVisual(source.xml, {
    lang: opts.lang,
    ksefNumber: source.ksefNumber,
    environment: source.environment,
    kod2Url,
  })
  const fileName = fileNameOf(v.number, itemId, opts.format)
  if (opts.format === 'html')
    return { fileName, contentType: 'text/html; charset=utf-8', body: visual.renderVisualHtml(v) }
  return { fileName, contentType: 'application/pdf', body: await visual.renderVisualPdf(v) }
}
