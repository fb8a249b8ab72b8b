/**
 * Settings in the browser, on the real server with a scheduled backup: an ADMIN sees the last backup's result (taken
 * by the server's timer through `GET /api/admin/backup`), and "Export my data" downloads the user's own events.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, screenshot } from './harness.ts'
import { journey } from './steps.ts'

const app = journey({ env: { FINANCE_BACKUP_DIR: mkdtempSync(join(tmpdir(), 'finance-e2e-backups-')) } })

it('shows an ADMIN the scheduled backup and downloads their own data', async () => {
  const page = app.page
  await login(page, app.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto(`${app.server.url}/settings`)
  await page.getByTestId('backup-card').waitFor()
  // The first scheduled run comes a minute after start; until then the card says none was taken.
  await expect
    .poll(async () => (await page.getByTestId('backup-card').textContent()) ?? '', { timeout: 10_000 })
    .toMatch(/Nie wykonano jeszcze żadnej kopii|Kopia wykonana/)
  expect(await page.getByTestId('backup-schedule').textContent()).toContain('Co 24 h')
  const download = page.waitForEvent('download')
  await page.getByTestId('export-my-data').click()
  const file = await (await download).path()
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
  expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'finance-user-export', user: { email: ADMIN_EMAIL } })
  expect(lines.length).toBeGreaterThan(1)
  await page.getByText(/Pobrano plik finance-my-data-/).waitFor()
  await screenshot(page, 'settings-admin-backup')
})
