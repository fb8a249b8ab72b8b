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
  // A laptop deducted at 40 %, used at 60 % for taxed sales from June of last year, sold with VAT in January.
  const laptop = await call<{ id: number }>(token, 'POST', 'fee', {
    dataType: 'Expense',
    dataObject: { name: 'Laptop', amount: '20000.00', date: `${LAST}-03-10`, isCompany: true, percent: '23' },
  })
  const asset = await call<{ asset: { id: number } }>(token, 'POST', 'assets', { itemId: laptop.id, kst: '491' })
  const vat = { date: `${LAST}-06-01`, taxedPercent: '60', previousPercent: '40', inputVat: '4600.00' }
  await call(token, 'POST', `assets/${asset.asset.id}/vat`, vat)
  const sale = { date: `${YEAR}-01-05`, reason: 'sale', price: '9000.00', changeOfActivity: false, document: 'FV 3' }
  await call(token, 'POST', `assets/${asset.asset.id}/disposal`, sale)
  // A server written off once a year (no write-off in this year's months), to be sold exempt from VAT on the screen.
  const server = await call<{ id: number }>(token, 'POST', 'fee', {
    dataType: 'Expense',
    dataObject: { name: 'Server', amount: '30000.00', date: `${LAST}-04-01`, isCompany: true, percent: '23' },
  })
  await call(token, 'POST', 'assets', { itemId: server.id, kst: '491', period: 'year' })
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
    expect(await page.locator('.assets-table__note').first().innerText()).toMatch(
      /^\s\(taken to private use 20\sJan\s\d{4}, VAT\sPLN\s13,800\.00\)$/,
    )
    // The card says how the car left the register.
    expect(await page.getByTestId('asset-disposal').innerText()).toMatch(
      /^taken to private use on 20\sJan\s\d{4}; output VAT PLN\s13,800\.00$/,
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

  it('shows a laptop sold within its art. 91 period: its correction for last year and the years left at once', async () => {
    const page = app.page
    await page.getByRole('button', { name: 'Laptop' }).click()
    const vat = page.getByTestId('asset-vat')
    await vat.waitFor()
    // 4 600 × (60 − 40) % / 5 = 184 for last year in January; sold with VAT in January: the years left count as taxed
    // use, 4 × 4 600 × (100 − 40) % / 5 = 2 208 (uVAT art. 91 ust. 4–5).
    const text = await vat.innerText()
    expect(text).toMatch(new RegExp(`January ${YEAR}: PLN\\s184\\.00 \\(for ${LAST}\\)`))
    expect(text).toMatch(new RegExp(`January ${YEAR}: PLN\\s2,208\\.00 \\(the years ${YEAR}–${LAST + 4} at once`))
    expect(await page.getByTestId('asset-disposal').innerText()).toMatch(
      /^sold on 5\sJan\s\d{4} for PLN\s9,000\.00 net \(FV 3\); the undepreciated PLN\s[\d,]+\.\d\d is a cost of January \d{4}$/,
    )
    // A sold asset has no form left: no empty box under its card.
    expect(await page.getByTestId('asset-actions').count()).toBe(0)
    await screenshot(page, 'assets-vat-corrections')
  })

  it('sells a server exempt from VAT on the screen: its input VAT of the years left is corrected at once', async () => {
    const page = app.page
    await page.getByRole('button', { name: 'Server' }).click()
    const disposal = page.getByRole('form', { name: 'Disposal' })
    await disposal.waitFor()
    await disposal.getByLabel('Date', { exact: true }).fill(`${YEAR}-01-20`)
    await disposal.getByLabel('Price (net)').fill('12000')
    await disposal.getByLabel(/^Exempt from VAT/).check()
    await disposal.getByLabel('Document').fill('FV 1')
    await screenshot(page, 'assets-exempt-sale-form')
    await disposal.getByRole('button', { name: 'Record the disposal' }).click()
    const vat = page.getByTestId('asset-vat')
    await vat.waitFor()
    // 6 900 of VAT deducted in full at the purchase; sold exempt in January: 4 of the 5 years left, 4 × −1 380.
    expect(await vat.innerText()).toMatch(
      new RegExp(`January ${YEAR}: -PLN\\s5,520\\.00 \\(the years ${YEAR}–${LAST + 4} at once`),
    )
    expect(await page.getByTestId('asset-disposal').innerText()).toMatch(
      /^sold on 20\sJan\s\d{4} for PLN\s12,000\.00 net, exempt from VAT \(FV 1\);/,
    )
    // No change of use was recorded: one list, the correction's.
    expect(await vat.locator('ul').count()).toBe(1)
  })
})
