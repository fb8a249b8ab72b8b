// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the register of fixed assets in real Chromium against the real server: a Linear trader's
 * purchase of a laptop (8 000.00 net, 12 January) becomes an asset in one action on the Fixed assets screen; the
 * purchase leaves the tax book, the register's write-off of 200.00 a month (KŚT 491, 30 %) enters it from
 * February, and February's PIT advance is 19 % × (20 000.00 − 200.00) = 3 762.00 instead of the 2 280.00 the
 * purchase as a January cost would give.
 */
import type { Page } from 'playwright-core'
import { pitSetting } from '@finance/ledger-core/testing'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { openFromMenu, screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'assets-user@example.com'
const USER_PASSWORD = 'User#2026x'
const YEAR = Number(dateInPoland(new Date()).slice(0, 4))

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

interface Tx {
  eventType: string
  dataObject: { sum: string; period?: { from: string } | null }
}

/** February's PIT advance as the monthly dashboard's API gives it (due in March). */
const februaryAdvance = async (): Promise<string | undefined> => {
  const rows = await call<Tx[]>(app.token, 'GET', `transaction/getCurrentMonth/${YEAR}-03-01`)
  return rows.find((r) => r.eventType === '4_Pit')?.dataObject.sum
}

const registerLoaded = (page: Page) => page.waitForSelector('.assets-page[aria-busy="false"]')

async function seed(token: string) {
  const books = seeder(call, token)
  await books.pit(pitSetting({ date: `${YEAR}-01-01` }))
  await books.income({ date: `${YEAR}-02-10`, name: 'Programming', amount: '20000.00' })
  await books.expense({
    date: `${YEAR}-01-12`,
    name: 'Laptop Dell',
    amount: '8000.00',
    invoiceDate: `${YEAR}-01-12`,
    documentNumber: 'FV 12/01',
  })
}

describe('a purchase becomes a fixed asset', () => {
  it('is a cost of January before', async () => {
    expect(await februaryAdvance()).toBe('2280.00')
  })

  it('is entered from the purchase on the Fixed assets screen, reached from the menu', async () => {
    const page = app.page
    await openFromMenu(app, 'Fixed assets', '/companydashboard/assets')
    await registerLoaded(page)
    const form = page.getByRole('form', { name: 'Enter an asset' })
    const purchase = form.getByLabel('From a purchase')
    const laptop = await purchase.locator('option', { hasText: 'Laptop Dell' }).getAttribute('value')
    await purchase.selectOption(laptop ?? '')
    await form.getByLabel('KŚT symbol').selectOption('491')
    await form.getByRole('button', { name: 'Enter in the register' }).click()
    const card = page.getByRole('region', { name: /Depreciation plan: Laptop Dell \(no\. 1\)/ })
    await card.waitFor()
    await registerLoaded(page)
    expect(await card.innerText()).toMatch(
      new RegExp(`${YEAR}\\s+2,200\\.00\\s+2,200\\.00\\s+2,200\\.00\\s+5,800\\.00`),
    )
    expect(await page.getByRole('table', { name: /Register of fixed assets/ }).innerText()).toContain('Laptop Dell')
    await screenshot(page, 'assets-register')
  })

  it('leaves the tax book as a purchase and enters it as the month’s write-off', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/books`)
    await page.waitForSelector('.books-page[aria-busy="false"]')
    const text = await page.getByRole('table', { name: /Tax book of revenue and expenses/ }).innerText()
    expect(text).not.toContain('FV 12/01')
    expect(text).toContain('Depreciation write-off: Laptop Dell, nr 1')
    expect(text).toMatch(/ŚT 1/)
  })

  it('lowers February’s PIT advance by the write-off instead of January’s purchase', async () => {
    expect(await februaryAdvance()).toBe('3762.00')
  })
})
