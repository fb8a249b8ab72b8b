// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the register's writes in real Chromium against the real server: a Linear trader's car (a petrol
 * passenger car for 120 000.00, entered 10 January of last year) is taken to private use on the Fixed assets screen
 * with VAT on its value (uVAT art. 7 ust. 2) and sold within six years; the sale's price is revenue and the undepreciated value a cost of its month in the tax
 * book. A refused field is named on the screen first.
 */
import type { Page } from 'playwright-core'
import { petrolCar, pitSetting } from '@finance/ledger-core/testing'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'asset-actions@example.com'
const USER_PASSWORD = 'User#2026x'
const YEAR = Number(dateInPoland(new Date()).slice(0, 4))
const LAST = YEAR - 1

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

const registerLoaded = (page: Page) => page.waitForSelector('.assets-page[aria-busy="false"]')

async function seed(token: string) {
  await seeder(call, token).vat(`${LAST}-01-01`)
  await seeder(call, token).pit(pitSetting({ date: `${LAST}-01-01` }))
  await call(token, 'POST', 'assets', petrolCar({ acquisitionDate: `${LAST}-01-10` }))
}

describe('a car taken to private use and sold within six years', () => {
  it('is taken to private use on the Fixed assets screen, a refused date named first', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/assets`)
    await registerLoaded(page)
    await page.getByRole('button', { name: 'Skoda Octavia' }).click()
    const disposal = page.getByRole('form', { name: 'Disposal' })
    await disposal.waitFor()
    await disposal.getByLabel('Reason').selectOption('privateUse')
    await disposal.getByRole('button', { name: 'Record the disposal' }).click()
    await disposal.getByText('Date must be a date in format yyyy-mm-dd').waitFor()
    await disposal.getByLabel('Date', { exact: true }).fill(`${YEAR}-01-20`)
    // Its input VAT was deducted: the transfer is taxed (uVAT art. 7 ust. 2) on the car's value that day.
    await disposal.getByLabel('VAT on the transfer').selectOption('23')
    await disposal.getByLabel('Value for VAT (net)').fill('60000')
    await disposal.getByRole('button', { name: 'Record the disposal' }).click()
    const sale = page.getByRole('region', { name: 'Sale after private use' })
    await sale.waitFor()
    expect(await sale.innerText()).toContain(String(YEAR + 6))
    // 60 000 × 23 % = 13 800, shown beside the transfer in the register.
    await page.locator('.assets-table__note', { hasText: '13,800.00' }).waitFor()
    expect(await page.locator('.assets-table__note').innerText()).toMatch(
      /^\s\(taken to private use 20\sJan\s\d{4}, VAT\sPLN\s13,800\.00\)$/,
    )
  })

  it('is sold within six years: revenue and the undepreciated value in the tax book', async () => {
    const page = app.page
    const sale = page.getByRole('region', { name: 'Sale after private use' })
    await sale.getByLabel('Date of the sale').fill(`${YEAR}-02-05`)
    await sale.getByLabel('Price').fill('50000')
    await sale.getByLabel('Document').fill('UM 1')
    await sale.getByRole('button', { name: 'Record the sale' }).click()
    const result = sale.getByTestId('private-sale')
    await result.waitFor()
    // February – December of last year and January: 12 × 2 000 = 24 000 written off; 96 000 left is the cost.
    expect(await result.innerText()).toMatch(/50,000\.00[\s\S]*96,000\.00/)
    await screenshot(page, 'assets-private-sale')
    const book = await call<{ months: { month: string; kpir: { otherRevenue: string; otherExpenses: string } }[] }>(
      app.token,
      'GET',
      `books/${YEAR}`,
    )
    const february = book.months.find((m) => m.month === `${YEAR}-02`)!
    expect(february.kpir).toMatchObject({ otherRevenue: '50000.00', otherExpenses: '96000.00' })
  })
})
