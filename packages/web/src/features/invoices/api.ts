/**
 * The invoices screen's API effects over the app's client (`/api/invoices`, `/api/counterparties`, docs/api.md
 * "Invoices"): the list, one invoice, counterparties and the company's bank accounts for the editor, saving a draft,
 * issuing it, deleting it, starting a correction, the FA(3) download.
 */
import type { InvoiceDetail, InvoiceSummary } from '@finance/ledger-core'
import { type ApiClient, api } from '../../api/client.ts'
import type { DownloadedFile } from '../../api/useDownload.ts'

export interface CounterpartyDto {
  readonly id: number
  readonly name: string
  readonly taxId: string
  readonly country: string
  readonly address: string
  readonly email: string
}

export interface BankAccountDto {
  readonly id: number
  readonly iban: string
  readonly name: string
  readonly deleted?: boolean
}

export const createInvoicesApi = (client: ApiClient = api) => ({
  list: async (): Promise<InvoiceSummary[]> => (await client.get<{ invoices: InvoiceSummary[] }>('invoices')).invoices,
  get: (id: number): Promise<InvoiceDetail> => client.get<InvoiceDetail>(`invoices/${id}`),
  counterparties: async (): Promise<CounterpartyDto[]> =>
    (await client.get<{ counterparties: CounterpartyDto[] }>('counterparties')).counterparties,
  bankAccounts: async (): Promise<BankAccountDto[]> =>
    (await client.get<{ accounts: BankAccountDto[] }>('bank')).accounts.filter((a) => !a.deleted),
  create: (data: unknown): Promise<InvoiceDetail> => client.post<InvoiceDetail>('invoices', data),
  save: (id: number, data: unknown, version: number): Promise<InvoiceDetail> =>
    client.put<InvoiceDetail>(`invoices/${id}`, { ...(data as object), version }),
  issue: (id: number, version: number): Promise<InvoiceDetail> =>
    client.post<InvoiceDetail>(`invoices/${id}/issue?version=${version}`),
  remove: async (id: number): Promise<void> => {
    await client.del(`invoices/${id}`)
  },
  correct: (id: number): Promise<InvoiceDetail> => client.post<InvoiceDetail>(`invoices/${id}/correction`, {}),
  sendToKsef: (id: number): Promise<{ ksefNumber: string }> =>
    client.post<{ ksefNumber: string }>(`invoices/${id}/ksef`, {}),
  fa3: async (id: number): Promise<DownloadedFile> => {
    const xml = await client.get<string>(`invoices/${id}/fa3`)
    return { fileName: `FA3_${id}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
  },
})

export type InvoicesApi = ReturnType<typeof createInvoicesApi>
