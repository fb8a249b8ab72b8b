/**
 * The Settings screen's safety calls: the scheduled backup's last result (`GET admin/backup`, ADMIN) and the
 * user's own data (`GET account/export`, a JSON-lines file of every event of the user's books).
 */
import type { BackupStatus } from '@finance/ledger-core'
import { type ApiClient, api } from '../../api/client.ts'
import { localToday } from '../../ui/DatePicker.tsx'
import { saveText } from '../../ui/tableCsv.ts'

export type { BackupStatus }

export interface BackupInfo {
  readonly configured: boolean
  readonly intervalHours: number | null
  readonly keep: number | null
  readonly last: BackupStatus | null
}

export interface MyDataFile {
  readonly fileName: string
  readonly text: string
}

export const loadBackupInfo = (client: ApiClient = api): Promise<BackupInfo> => client.get<BackupInfo>('admin/backup')

/** The export as text: a one-line file parses as JSON in the client, so it is written back as one line. */
export const downloadMyData = async (client: ApiClient = api): Promise<MyDataFile> => {
  const body = await client.get<unknown>('account/export')
  const text = typeof body === 'string' ? body : `${JSON.stringify(body)}\n`
  return { fileName: `finance-my-data-${localToday()}.jsonl`, text }
}

/** Hands the export to the browser as a download. */
export const saveMyData = ({ fileName, text }: MyDataFile): void => saveText(fileName, text, 'application/x-ndjson')
