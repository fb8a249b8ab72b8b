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

/** A number series with the number it gives next today. */
export interface SeriesDto {
  readonly id: number
  readonly name: string
  readonly pattern: string
  readonly reset: 'year' | 'month'
  readonly kind: 'VAT' | 'KOR'
  /** Whether it has given numbers (its pattern and numbering are then fixed). */
  readonly used: boolean
  readonly next: string
}

export interface BankAccountDto {
  readonly id: number
  readonly iban: string
  readonly name: string
  readonly deleted?: boolean
}

/** The seller as the invoice shows it: the company's invoice data (or its primary data). */
export interface SellerDto {
  readonly name: string
  readonly nip: string
  readonly address: string
}

interface CompanyRecordDto {
  readonly dataObject: {
    readonly companyName: string
    readonly nip: string
    readonly invoiceAddress?: { street: string; building: string; postCode: string; city: string }
  }
}

const sellerOf = (r: CompanyRecordDto): SellerDto => {
  const a = r.dataObject.invoiceAddress
  const address = a ? [[a.street, a.building].join(' ').trim(), [a.postCode, a.city].join(' ').trim()] : []
  return { name: r.dataObject.companyName, nip: r.dataObject.nip, address: address.filter(Boolean).join(', ') }
}

export const createInvoicesApi = (client: ApiClient = api) => ({
  // The company's invoice data, else its primary data: each read from its type's list (empty while there is none),
  // as the record services read a company record, so a company without invoice data logs no 404.
  seller: async (): Promise<SellerDto | null> => {
    for (const type of ['Invoice', 'Primary']) {
      const [record] = await client.get<CompanyRecordDto[]>(`config/GetListByType/${type}`)
      if (record) return sellerOf(record)
    }
    return null
  },
  list: async (): Promise<InvoiceSummary[]> => (await client.get<{ invoices: InvoiceSummary[] }>('invoices')).invoices,
  get: (id: number): Promise<InvoiceDetail> => client.get<InvoiceDetail>(`invoices/${id}`),
  counterparties: async (): Promise<CounterpartyDto[]> =>
    (await client.get<{ counterparties: CounterpartyDto[] }>('counterparties')).counterparties,
  saveCounterparty: (id: number | null, data: unknown): Promise<CounterpartyDto> =>
    id === null
      ? client.post<CounterpartyDto>('counterparties', data)
      : client.put<CounterpartyDto>(`counterparties/${id}`, data),
  removeCounterparty: async (id: number): Promise<void> => {
    await client.del(`counterparties/${id}`)
  },
  series: async (): Promise<SeriesDto[]> => (await client.get<{ series: SeriesDto[] }>('invoice-series')).series,
  saveSeries: (id: number | null, data: unknown): Promise<SeriesDto> =>
    id === null ? client.post<SeriesDto>('invoice-series', data) : client.put<SeriesDto>(`invoice-series/${id}`, data),
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
