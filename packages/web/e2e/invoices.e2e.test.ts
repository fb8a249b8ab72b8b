// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of invoices in real Chromium against the real server: a counterparty (through the API), then on
 * the Invoices screen a new invoice for it with two lines at 23 % and 8 % typed from the keyboard (Enter adds the
 * second line), the totals per rate live in the preview, the issue (number FV/{this year}/{this month}/1); the
 * invoice's incomes show in this month's transactions and its VAT (345.00 + 96.00) in the VAT row of the next month.
 * Then the counterparties and number series screens: a NIP with a wrong check digit named as it is left, a
 * counterparty added from the keyboard, a yearly series whose pattern previews its next number.
 */
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { COMPANY, screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'invoices-user@example.com'
const USER_PASSWORD = 'User#2026x'
const TODAY = dateInPoland(new Date())
const NUMBER = `FV/${TODAY.slice(0, 4)}/${TODAY.slice(5, 7)}/1`

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

async function seed(user: string) {
  const address = { country: 'PL', region: '', city: 'Warszawa', street: 'Prosta', postCode: '00-001', building: '1' }
  const books = seeder(call, user)
  await books.post('config', 'Invoice', { ...COMPANY, invoiceAddress: address })
  await books.vat(`${TODAY.slice(0, 4)}-01-01`)
  await call(user, 'POST', 'counterparties', {
    name: 'ACME sp. z o.o.',
    taxId: '526-000-12-46',
    country: 'PL',
    address: 'ul. Prosta 1, 00-001 Warszawa',
  })
}

describe('invoices', () => {
  it('issues an invoice of two lines at 23 % and 8 % for a counterparty; its incomes and VAT are in the books', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/invoices`)
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor()
    await page.getByRole('button', { name: 'New invoice' }).click()
    await page.getByLabel('Counterparty').selectOption({ label: 'ACME sp. z o.o. (5260001246)' })
    expect(await page.getByLabel("Buyer's name").inputValue()).toBe('ACME sp. z o.o.')
    await page.getByLabel('Line 1: name').fill('Programming')
    await page.getByLabel('Line 1: quantity').fill('10')
    await page.getByLabel('Line 1: unit').fill('h')
    await page.getByLabel('Line 1: net unit price').fill('150')
    // Enter adds the second line and moves to it.
    await page.getByLabel('Line 1: net unit price').press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lines.1.name')
    await page.keyboard.type('Training')
    await page.getByLabel('Line 2: net unit price').fill('1200')
    await page.getByLabel('Line 2: VAT').selectOption('8')
    const preview = page.getByRole('article', { name: 'Invoice preview' })
    await expect.poll(() => preview.innerText()).toContain('3,141.00')
    const totals = await preview.innerText()
    expect(totals).toContain('345.00')
    expect(totals).toContain('96.00')
    await screenshot(page, 'invoice-editor')
    await page.getByRole('button', { name: 'Issue', exact: true }).click()
    await page.getByRole('button', { name: NUMBER }).waitFor()
    expect(await page.locator('.invoices-table').innerText()).toContain('issued')
    await page.getByRole('heading', { name: new RegExp(NUMBER) }).waitFor()
    await screenshot(page, 'invoice-issued')

    // The month's transactions: one income per rate, with their VAT.
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    await expect.poll(() => page.locator('.dashboard__primary').innerText()).toContain('Programming (+1)')
    const month = await page.locator('.dashboard__primary').innerText()
    expect(month).toContain('1,500.00')
    expect(month).toContain('1,200.00')
    await screenshot(page, 'invoice-month-income')
    // The VAT of the month, due in the next: 345.00 + 96.00.
    await page.getByRole('button', { name: 'Next month' }).click()
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    await expect.poll(() => page.locator('.dashboard__primary').innerText()).toContain('441.00')
    await screenshot(page, 'invoice-month-vat')
  })

  it('adds a counterparty (its NIP checked as typed) and a number series (its next number previewed)', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/invoices`)
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Counterparties' }).click()
    await page.getByRole('heading', { name: 'Counterparties', exact: true }).waitFor()
    await page.getByRole('rowheader', { name: 'ACME sp. z o.o.' }).waitFor()
    await page.getByRole('button', { name: 'Add counterparty' }).click()
    // The name has the focus; Tab moves on, and a wrong NIP is named when its field is left.
    await page.keyboard.type('Nowak Design')
    await page.keyboard.press('Tab')
    await page.keyboard.type('526-025-02-75')
    await page.keyboard.press('Tab')
    await page.getByText('Nip checksum is not valid').waitFor()
    await screenshot(page, 'invoice-counterparty-nip')
    await page.getByLabel('NIP or tax id').fill('526-025-02-74')
    await expect.poll(() => page.getByText('Nip checksum is not valid').count()).toBe(0)
    await page.getByLabel('NIP or tax id').press('Enter')
    await page.getByRole('rowheader', { name: 'Nowak Design' }).waitFor()
    expect(await page.locator('.invoices-table').innerText()).toContain('5260250274')
    await screenshot(page, 'invoice-counterparties')

    await page.goto(`${app.server.url}/companydashboard/invoices/series`)
    await page.getByRole('heading', { name: 'Number series', exact: true }).waitFor()
    // The series the issue created gives the month's second number next.
    await page.getByRole('rowheader', { name: 'Faktury' }).waitFor()
    expect(await page.locator('.invoices-table').innerText()).toContain(NUMBER.replace(/1$/, '2'))
    await page.getByRole('button', { name: 'Add series' }).click()
    await page.keyboard.type('Shop')
    await page.getByLabel('Numbering starts again').selectOption('year')
    await page.getByLabel('Pattern').fill('S/{YY}')
    await page.getByText('The pattern must contain {N} exactly once').waitFor()
    await page.getByLabel('Pattern').fill('S/{N}/{YYYY}')
    await expect.poll(() => page.locator('output[name="preview"]').innerText()).toBe(`S/1/${TODAY.slice(0, 4)}`)
    await screenshot(page, 'invoice-series-preview')
    await page.getByLabel('Pattern').press('Enter')
    await page.getByRole('rowheader', { name: 'Shop' }).waitFor()
    expect(await page.locator('.invoices-table').innerText()).toContain(`S/1/${TODAY.slice(0, 4)}`)
  })
})
