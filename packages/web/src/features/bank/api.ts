/** The bank screen's API effects: load the overview, the queue and recent lines; import one file; act on a line or rule. */
import { fromPromise } from 'xstate'
import { ApiError, type ApiClient, api, isApiError } from '../../api/client.ts'
import type { RecordDto } from '../../forms/index.ts'
import type { ImportInput } from './bankMachine.ts'
import type {
  BankAction,
  BankData,
  BankFileResult,
  BankLine,
  BankOverview,
  BankQueueEntry,
  OpenItem,
  PickedFile,
  WhiteListPayment,
} from './types.ts'

const base64Of = (buffer: ArrayBuffer): string => {
  const bytes = new Uint8Array(buffer)
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

export const createBankApi = (client: ApiClient = api) => ({
  load: async (): Promise<BankData> => {
    const [overview, queue, lines, open, whiteList] = await Promise.all([
      client.get<BankOverview>('bank'),
      client.get<BankQueueEntry[]>('bank/queue'),
      client.get<{ lines: BankLine[] }>('bank/lines?limit=50'),
      client.get<{ receivables: OpenItem[]; payables: OpenItem[] }>('bank/open-items'),
      client.get<{ payments: WhiteListPayment[] }>('bank/whitelist'),
    ])
    return {
      overview,
      queue,
      lines: lines.lines,
      openItems: [...open.receivables, ...open.payables],
      whiteList: whiteList.payments,
    }
  },
  /**
   * One file a request, so the screen shows progress file by file; `account`, the account of a CSV export that names
   * none (PKO BP's history), which the user chose after the file was refused for want of it.
   */
  importFile: async (file: PickedFile, preview = false, account: string | null = null): Promise<BankFileResult> => {
    const report = await client.post<{ results: BankFileResult[] }>('bank/import', {
      files: [{ fileName: file.name, base64: base64Of(await file.arrayBuffer()) }],
      ...(preview ? { preview: true } : {}),
      ...(account !== null ? { account } : {}),
    })
    return report.results[0]!
  },
  /**
   * Saves the item the user confirmed on the form for a line and matches the line to it (`POST bank/lines/{id}/item`
   * with `item`): answers the item as a record; a refusal names its fields as the form does (`amount`, not
   * `item.amount`).
   */
  createItem: async (lineId: string, item: Record<string, unknown>): Promise<RecordDto> => {
    try {
      const added = await client.post<{ id: number; dataType: string; data: Record<string, unknown> }>(
        `bank/lines/${lineId}/item`,
        { item },
      )
      return { id: added.id, dataType: added.dataType, eventType: '', dataObject: added.data, version: 1 }
    } catch (e) {
      if (!isApiError(e)) throw e
      const fieldErrors: Record<string, string> = {}
      for (const [k, v] of Object.entries(e.fieldErrors)) {
        const field = k.replace(/^item\.?/, '')
        if (field !== '') fieldErrors[field] = v
      }
      throw new ApiError({ status: e.status, statusText: e.statusText, errors: e.errors, fieldErrors, body: e.body })
    }
  },
  act: async (action: BankAction): Promise<void> => {
    switch (action.type) {
      case 'match':
        await client.put(`bank/lines/${action.lineId}/match`, {
          allocations: action.allocations,
          reason: action.reason,
        })
        return
      case 'unmatch':
        await client.del(`bank/lines/${action.lineId}/match`)
        return
      case 'saveRule':
        await client.post('bank/rules', action.rule)
        return
      case 'setZusAccount':
        await client.put('bank/zus-account', { account: action.account })
        return
      case 'deleteRule':
        await client.del(`bank/rules/${action.id}`)
        return
      case 'pairAccount':
        await client.put(`bank/accounts/${action.account.id}`, {
          iban: action.account.iban,
          name: action.account.name,
          currency: action.account.currency,
          kind: action.pairedWith === null ? 'business' : 'vat',
          pairedWith: action.pairedWith,
        })
        return
      case 'importWhiteList':
        await client.post('bank/whitelist', {
          fileName: action.file.name,
          base64: base64Of(await action.file.arrayBuffer()),
        })
        return
    }
  },
})

export type BankApi = ReturnType<typeof createBankApi>

/** The bank machine's effects, from the API or a story's fakes. */
export const bankActors = (impl: Pick<BankApi, 'load' | 'importFile' | 'act'>) => ({
  load: fromPromise<BankData>(() => impl.load()),
  importFile: fromPromise<BankFileResult, ImportInput>(({ input }) =>
    impl.importFile(input.file, input.preview, input.account),
  ),
  act: fromPromise<void, BankAction>(({ input }) => impl.act(input)),
})
