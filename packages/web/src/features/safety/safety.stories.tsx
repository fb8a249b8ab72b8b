import { failedBackup } from '@finance/ledger-core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { BackupInfo, MyDataFile } from './api.ts'
import { BackupCard, MyDataCard } from './SafetyCards.tsx'

const meta: Meta = { title: 'Settings/Safety', parameters: { route: '/settings' } }
export default meta
type Story = StoryObj

const DIGEST = '80672c5c79aa7f50baa31831e6f7a83d829a6121d8fe37f5267f35afe64284bf'

const info = (last: BackupInfo['last']): (() => Promise<BackupInfo>) => {
  return async () => ({ configured: true, intervalHours: 24, keep: 7, last })
}

/** Waits until every copy of the story (one per mode) has loaded. */
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

/** The last scheduled backup went well: when, size, events and the start of its replay digest. */
export const BackupCompleted: Story = {
  render: () => (
    <BackupCard
      load={info({
        at: '2026-05-01T02:00:00.000Z',
        ok: true,
        file: 'finance-backup-20260501T020000Z.sqlite',
        sizeBytes: 1_572_864,
        events: 12_345,
        digest: DIGEST,
        seconds: 0.42,
        error: null,
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByTestId('backup-result')[0]).toHaveTextContent(/Backup completed|Kopia wykonana/)
    await expect(canvas.getAllByText(`${DIGEST.slice(0, 16)}…`).length).toBeGreaterThan(0)
    await expect(canvas.getAllByTestId('backup-schedule')[0]).toHaveTextContent(/24 h/)
  },
}

/** The last scheduled backup failed: the reason's code and where to look. */
export const BackupFailed: Story = {
  render: () => <BackupCard load={info(failedBackup('2026-05-01T02:00:00.000Z', 'failed'))} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(within(canvasElement).getAllByTestId('backup-result')[0]).toHaveTextContent(
      /The backup failed|Kopia nie powiodła się/,
    )
  },
}

/** Scheduled backup configured, none taken yet. */
export const BackupNoneYet: Story = {
  render: () => <BackupCard load={info(null)} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(within(canvasElement).getAllByTestId('backup-none').length).toBeGreaterThan(0)
  },
}

/** No `FINANCE_BACKUP_DIR`: the card says how to turn it on. */
export const BackupOff: Story = {
  render: () => <BackupCard load={async () => ({ configured: false, intervalHours: null, keep: null, last: null })} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(within(canvasElement).getAllByTestId('backup-off')[0]).toHaveTextContent(/FINANCE_BACKUP_DIR/)
  },
}

const saved: MyDataFile[] = []

/** "Export my data": the file is handed to the browser and a message names it. */
export const ExportMyData: Story = {
  render: () => (
    <MyDataCard
      download={async () => ({
        fileName: 'finance-my-data-2026-05-01.jsonl',
        text: '{"format":"finance-user-export"}\n',
      })}
      save={(file) => saved.push(file)}
    />
  ),
  play: async ({ canvasElement }) => {
    saved.length = 0
    const buttons = within(canvasElement).getAllByTestId('export-my-data')
    await userEvent.click(buttons[0]!)
    await waitFor(() => expect(saved).toHaveLength(1))
    await expect(saved[0]?.fileName).toBe('finance-my-data-2026-05-01.jsonl')
  },
}
