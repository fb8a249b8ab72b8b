/** KSeF online for the screen: the connection, the token, fetching received invoices and sending issued ones. */
import type { KsefLastFetch } from '@finance/ledger-core'
import { type ApiClient, api } from '../../api/client.ts'

export type KsefEnvironment = 'TEST' | 'DEMO' | 'PROD'

export type { KsefLastFetch }

export interface KsefConnection {
  readonly environment: KsefEnvironment
  readonly hasToken: boolean
  readonly nip: string | null
  readonly highWaterMark: string | null
  readonly lastFetch: KsefLastFetch | null
  readonly lastSend: { readonly at: string; readonly itemId: number; readonly ksefNumber: string } | null
  /** Whether offline24 invoices can be issued: a KSeF certificate of type Offline is stored (for KOD II). */
  readonly offline24: boolean
  readonly certificate: { readonly serial: string; readonly subject: string; readonly validTo: string } | null
  /** Invoices issued offline, waiting to be sent, the earliest deadline first. */
  readonly pendingOffline: readonly PendingOffline[]
}

export type OfflineMode = 'offline24' | 'offline' | 'awaryjny'

/** An invoice issued offline (tryby-offline.md): its mode and the last day to send it (null while KSeF is down). */
export interface PendingOffline {
  readonly itemId: number
  readonly documentNumber: string
  readonly mode: OfflineMode
  readonly reason: 'chosen' | 'unavailable'
  readonly issueDate: string
  readonly unavailabilityEnd: string | null
  readonly deadline: string | null
}

/** A file's bytes in Base64, as the certificate route takes them (PEM or DER alike). */
const base64Of = async (file: Blob): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/**
 * An invoice to send: its first income (`id`, which sends it or issues it offline), number (empty for an income typed
 * without one), its first income's name, issue date, total.
 */
export interface UnsentInvoice {
  readonly id: number
  readonly documentNumber: string
  readonly name: string
  /** The invoice's issue date. */
  readonly date: string
  readonly amount: string
}

/** An invoice waiting to be sent, as `GET ksef/unsent` answers it (one per invoice, whatever its VAT rates). */
interface UnsentAnswer {
  readonly itemId: number
  readonly documentNumber: string
  readonly name: string
  readonly issueDate: string
  readonly gross: string
}

/** What names an invoice to send in a button, a title or a message: its number, else (none yet) its name. */
export const unsentLabel = (i: Pick<UnsentInvoice, 'documentNumber' | 'name'>): string =>
  i.documentNumber.trim() !== '' ? i.documentNumber : i.name

export const createKsefOnlineApi = (client: ApiClient = api) => ({
  connection: () => client.get<KsefConnection>('ksef/connection'),
  saveToken: (token: string, environment: KsefEnvironment) =>
    client.put<KsefConnection>('ksef/connection', { token, environment }),
  forgetToken: () => client.del<KsefConnection>('ksef/connection'),
  fetchNow: () => client.post<KsefLastFetch>('ksef/fetch'),
  unsent: async (): Promise<UnsentInvoice[]> =>
    (await client.get<UnsentAnswer[]>('ksef/unsent')).map((i) => ({
      id: i.itemId,
      documentNumber: i.documentNumber,
      name: i.name,
      date: i.issueDate,
      amount: i.gross,
    })),
  send: (id: number) => client.post<{ itemId: number; ksefNumber: string }>(`ksef/invoices/${id}/send`),
  issueOffline: (id: number, mode: OfflineMode = 'offline24', unavailabilityEnd: string | null = null) =>
    client.post<PendingOffline>(`ksef/invoices/${id}/offline`, {
      mode,
      ...(unavailabilityEnd === null ? {} : { unavailabilityEnd }),
    }),
  sendOffline: () => client.post<{ sent: number; failed: number }>('ksef/offline/send'),
  saveCertificate: async (certificate: Blob, privateKey: Blob, password: string) =>
    client.put<KsefConnection>('ksef/certificate', {
      certificate: await base64Of(certificate),
      privateKey: await base64Of(privateKey),
      ...(password === '' ? {} : { password }),
    }),
  forgetCertificate: () => client.del<KsefConnection>('ksef/certificate'),
})

export type KsefOnlineApi = ReturnType<typeof createKsefOnlineApi>
