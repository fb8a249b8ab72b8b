/** KSeF online for the screen: the connection, the token, fetching received invoices and sending issued ones. */
import { type ApiClient, api } from '../../api/client.ts'

export type KsefEnvironment = 'TEST' | 'DEMO' | 'PROD'

export interface KsefLastFetch {
  readonly at: string
  readonly ok: boolean
  readonly received: number
  readonly imported: number
  readonly duplicates: number
  readonly refused: number
  readonly error: { readonly code: string; readonly message: string } | null
}

export interface KsefConnection {
  readonly environment: KsefEnvironment
  readonly hasToken: boolean
  readonly nip: string | null
  readonly highWaterMark: string | null
  readonly lastFetch: KsefLastFetch | null
  readonly lastSend: { readonly at: string; readonly itemId: number; readonly ksefNumber: string } | null
}

/** A one-time company income without a KSeF number: an invoice to send. */
export interface UnsentInvoice {
  readonly id: number
  readonly documentNumber: string
  readonly date: string
  readonly amount: string
}

interface IncomeRecord {
  readonly id: number
  readonly dataObject: {
    readonly documentNumber?: string
    readonly date?: string
    readonly amount?: string
    readonly isCompany?: boolean
    readonly ksefNumber?: string | null
  }
}

export const createKsefOnlineApi = (client: ApiClient = api) => ({
  connection: () => client.get<KsefConnection>('ksef/connection'),
  saveToken: (token: string, environment: KsefEnvironment) =>
    client.put<KsefConnection>('ksef/connection', { token, environment }),
  forgetToken: () => client.del<KsefConnection>('ksef/connection'),
  fetchNow: () => client.post<KsefLastFetch>('ksef/fetch'),
  unsent: async (): Promise<UnsentInvoice[]> => {
    const incomes = await client.get<IncomeRecord[]>('revenue/GetListByType/Income')
    return incomes
      .filter((r) => r.dataObject.isCompany && !r.dataObject.ksefNumber)
      .map((r) => ({
        id: r.id,
        documentNumber: r.dataObject.documentNumber ?? '',
        date: r.dataObject.date ?? '',
        amount: r.dataObject.amount ?? '',
      }))
  },
  send: (id: number) => client.post<{ itemId: number; ksefNumber: string }>(`ksef/invoices/${id}/send`),
})

export type KsefOnlineApi = ReturnType<typeof createKsefOnlineApi>
