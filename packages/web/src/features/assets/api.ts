/**
 * The assets screen's API effects over the app's client: the register of a year, an asset's card, the purchases
 * that can become an asset, entering one, its later writes and removing it (`assets/*`, docs/api.md).
 */
import { isPassengerCarKst } from '@finance/ledger-core'
import { type ApiClient, api } from '../../api/client.ts'
import type { AssetCardDto, AssetEntry, AssetRegisterDto, AssetVatDto, InventoryDto, Purchase } from './types.ts'

interface RecordDto {
  readonly id: number
  readonly dataObject: {
    readonly name: string
    readonly amount: string
    readonly date: string
    readonly isCompany: boolean
  }
}

/** Which of the entry's fields belong to a depreciation method: the form shows them, and sends them, only with it. */
export const methodFields = (method: string) => ({
  rate: method !== 'expensed' && method !== 'individual',
  degressiveFactor: method === 'degressive',
  individualMonths: method === 'individual',
  oneOffEurRate: method === 'oneOff',
})

/**
 * The body of `POST assets` from the entry form: the fields typed (an empty one left to the API's default), the
 * method's own field only for that method, and for a passenger car its drive and emission.
 */
export const entryBody = (entry: AssetEntry): Record<string, unknown> => {
  const { carDrive, carCo2, individualMonths, oneOffEurRate, degressiveFactor, rate, ...rest } = entry
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(rest)) if (v.trim() !== '') body[k] = k === 'itemId' ? Number(v) : v.trim()
  const takes = methodFields(entry.method)
  // A rate as Polish writes it (12,5) is the same rate.
  if (takes.rate && rate.trim() !== '') body.rate = rate.trim().replace(',', '.')
  if (takes.degressiveFactor && degressiveFactor.trim() !== '')
    body.degressiveFactor = degressiveFactor.trim().replace(',', '.')
  if (takes.individualMonths && individualMonths.trim() !== '')
    body.individualMonths = /^\d+$/.test(individualMonths.trim()) ? Number(individualMonths.trim()) : individualMonths
  if (takes.oneOffEurRate && oneOffEurRate.trim() !== '') body.oneOffEurRate = oneOffEurRate.trim().replace(',', '.')
  if (isPassengerCarKst(entry.kst))
    body.car = {
      drive: carDrive || 'combustion',
      co2GramsPerKm: carCo2.trim() === '' ? null : /^\d+$/.test(carCo2.trim()) ? Number(carCo2.trim()) : carCo2,
    }
  return body
}

export const createAssetsApi = (client: ApiClient = api) => ({
  loadRegister: (year: number): Promise<AssetRegisterDto> => client.get<AssetRegisterDto>(`assets?year=${year}`),
  loadCard: (id: number): Promise<AssetCardDto> => client.get<AssetCardDto>(`assets/${id}`),
  loadPurchases: async (): Promise<Purchase[]> => {
    // A purchase that already became an asset of the register is not offered again (the API would refuse it).
    const [list, register] = await Promise.all([
      client.get<RecordDto[]>('fee/GetListByType/Expense'),
      client.get<AssetRegisterDto>('assets'),
    ])
    const taken = new Set(register.assets.map((a) => a.itemId).filter((id) => id !== null))
    return list
      .filter((r) => r.dataObject.isCompany && !taken.has(r.id))
      .map((r) => ({ id: r.id, name: r.dataObject.name, amount: r.dataObject.amount, date: r.dataObject.date }))
  },
  enterAsset: (entry: AssetEntry): Promise<AssetCardDto> => client.post<AssetCardDto>('assets', entryBody(entry)),
  /** An improvement raising the initial value (`{ date, amount, document }`). */
  improveAsset: (id: number, body: Record<string, unknown>): Promise<AssetCardDto> =>
    client.post<AssetCardDto>(`assets/${id}/improvements`, body),
  /** A sale, liquidation or transfer to private use (`{ date, reason, price, changeOfActivity, document }`). */
  disposeAsset: (id: number, body: Record<string, unknown>): Promise<AssetCardDto> =>
    client.post<AssetCardDto>(`assets/${id}/disposal`, body),
  /** The later sale of an asset taken to private use (`{ date, price, document }`, the six-year rule). */
  sellAfterPrivateUse: (id: number, body: Record<string, unknown>): Promise<AssetCardDto> =>
    client.post<AssetCardDto>(`assets/${id}/private-sale`, body),
  /**
   * A change of the asset's use for VAT (uVAT art. 91: `{ date, taxedPercent, inputVat? }`); answers the corrections
   * of input VAT it makes, each with the month whose declaration carries it.
   */
  changeVatUse: (id: number, body: Record<string, unknown>): Promise<AssetVatDto> =>
    client.post<AssetVatDto>(`assets/${id}/vat`, body),
  /** The asset's changes of use for VAT and the art. 91 corrections they (and its sale) make. */
  loadVat: (id: number): Promise<AssetVatDto> => client.get<AssetVatDto>(`assets/${id}/vat`),
  /**
   * Removes an asset entered in error, with its write-offs and changes (a purchase it was entered from is a cost of
   * its month again); 404 when it is already removed.
   */
  deleteAsset: async (id: number): Promise<void> => {
    await client.del(`assets/${id}`)
  },
  /** The stock-takings of a year and their change to the year's income. */
  loadInventory: (year: number): Promise<InventoryDto> => client.get<InventoryDto>(`inventory/${year}`),
  /** A stock-taking at the start or the end of a year (`{ year, kind, date, amount }`). */
  recordInventory: (body: Record<string, unknown>): Promise<InventoryDto> =>
    client.post<InventoryDto>('inventory', body),
})

export type AssetsApi = ReturnType<typeof createAssetsApi>
