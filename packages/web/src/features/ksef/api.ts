/**
 * The import screen's API effect: the picked files read as text and sent in batches (`POST ksef/import` takes up to
 * 250 files and 16 MB a request), their reports joined in the order picked.
 */
import { type ApiClient, api } from '../../api/client.ts'
import type { KsefImportResult, PickedFile } from './types.ts'

export const FILES_PER_REQUEST = 250
/** Below the API's 16 MB body limit, with room for JSON escaping. */
export const BYTES_PER_REQUEST = 10 * 1024 * 1024

/** The picked files in request-sized batches (count and bytes), in order. */
export const batchesOf = (files: readonly PickedFile[]): PickedFile[][] => {
  const out: PickedFile[][] = []
  let batch: PickedFile[] = []
  let bytes = 0
  for (const f of files) {
    if (batch.length > 0 && (batch.length >= FILES_PER_REQUEST || bytes + f.size > BYTES_PER_REQUEST)) {
      out.push(batch)
      batch = []
      bytes = 0
    }
    batch.push(f)
    bytes += f.size
  }
  if (batch.length > 0) out.push(batch)
  return out
}

export const createKsefApi = (client: ApiClient = api) => ({
  importFiles: async (files: readonly PickedFile[]): Promise<KsefImportResult[]> => {
    const results: KsefImportResult[] = []
    for (const batch of batchesOf(files)) {
      const body = { files: await Promise.all(batch.map(async (f) => ({ fileName: f.name, xml: await f.text() }))) }
      const report = await client.post<{ results: KsefImportResult[] }>('ksef/import', body)
      results.push(...report.results)
    }
    return results
  },
})

export type KsefApi = ReturnType<typeof createKsefApi>
