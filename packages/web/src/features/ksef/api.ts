/**
 * The import screen's API effect: the picked files read as text and sent in batches (`POST ksef/import` takes up to
 * 250 files and 16 MB a request), their reports joined in the order picked.
 */
import { fromPromise } from 'xstate'
import { type ApiClient, api } from '../../api/client.ts'
import type { ImportFile, KsefImportResult } from './types.ts'

export const FILES_PER_REQUEST = 250
/** Below the API's 16 MB body limit, with room for JSON escaping. */
export const BYTES_PER_REQUEST = 10 * 1024 * 1024

/** The picked files in request-sized batches (count and bytes), in order. */
export const batchesOf = <F extends { readonly file: { readonly size: number } }>(files: readonly F[]): F[][] => {
  const out: F[][] = []
  let batch: F[] = []
  let bytes = 0
  for (const f of files) {
    if (batch.length > 0 && (batch.length >= FILES_PER_REQUEST || bytes + f.file.size > BYTES_PER_REQUEST)) {
      out.push(batch)
      batch = []
      bytes = 0
    }
    batch.push(f)
    bytes += f.file.size
  }
  if (batch.length > 0) out.push(batch)
  return out
}

export const createKsefApi = (client: ApiClient = api) => ({
  importFiles: async (files: readonly ImportFile[]): Promise<KsefImportResult[]> => {
    const results: KsefImportResult[] = []
    for (const batch of batchesOf(files)) {
      const body = {
        files: await Promise.all(
          batch.map(async ({ file, ksefNumber }) => ({
            fileName: file.name,
            xml: await file.text(),
            ...(ksefNumber.trim() === '' ? {} : { ksefNumber: ksefNumber.trim() }),
          })),
        ),
      }
      const report = await client.post<{ results: KsefImportResult[] }>('ksef/import', body)
      results.push(...report.results)
    }
    return results
  },
})

export type KsefApi = ReturnType<typeof createKsefApi>

/** The import machine's effects, from the API or a story's fakes. */
export const ksefActors = (impl: Pick<KsefApi, 'importFiles'>) => ({
  importFiles: fromPromise<KsefImportResult[], readonly ImportFile[]>(({ input }) => impl.importFiles(input)),
})
