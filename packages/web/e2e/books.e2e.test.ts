// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the tax book in real Chromium against the real server: a Linear trader fills in the company
 * data the JPK file needs (the tax office from the official list, by keyboard), records a company expense with
 * its book details, reads the year's KPiR by month and for one month, checks the page on paper (print media) and
 * downloads the JPK_PKPIR file.
 *
 * Seeded through the API for this year: PIT Linear 19 % from 1 January; a company income of 10 000.00 net on
 * 8 January (invoice FV 1, ACME) and 4 000.00 on 5 February. Added in the browser: goods for 2 500.00 on 9 January.
 * The book then has 3 entries: January revenue 10 000.00 and costs 2 500.00, February revenue 4 000.00.
 */
import type { Page } from 'playwright-core'
import { pitSetting } from '@finance/ledger-core/testing'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { COMPANY, downloadedText, openFromMenu, screenshot, screenshotDir, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'books-user@example.com'
const USER_PASSWORD = 'User#2026x'
const YEAR = Number(dateInPoland(new Date()).slice(0, 4))

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

async function seed(user: string) {
  const books = seeder(call, user)
  await books.post('config', 'Primary', COMPANY)
  await books.pit(pitSetting({ date: `${YEAR}-01-01` }))
  await books.income({
    date: `${YEAR}-01-08`,
    name: 'Programming',
    amount: '10000.00',
    documentNumber: 'FV 1',
    counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
  })
  await books.income({ date: `${YEAR}-02-05`, name: 'Support', amount: '4000.00', documentNumber: 'FV 2' })
}

const bookLoaded = (page: Page) => page.waitForSelector('.books-page[aria-busy="false"]')

describe('the tax book', () => {
  it('says what the JPK file still needs before the company data is complete', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/books`)
    await bookLoaded(page)
    const download = page.getByRole('button', { name: `Download JPK_PKPIR for ${YEAR}` })
    expect(await download.isDisabled()).toBe(true)
    const problems = await page.locator('.books-page__problems').innerText()
    expect(problems).toContain('Birth date is required for a JPK file')
    expect(problems).toContain('Tax office is required for a JPK file')
  })

  it('takes the tax office from the official list and the birth date on the company page, by keyboard', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/company`)
    const panel = page.locator('.record-panel').filter({ hasText: 'Primary data' })
    await panel.getByRole('button', { name: 'Edit' }).click()
    const office = panel.getByLabel('Tax office')
    await office.focus()
    await page.keyboard.type('1471')
    expect(await panel.innerText()).toContain('PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE')
    await panel.getByLabel("Owner's date of birth").fill('1985-04-02')
    await panel.getByRole('button', { name: 'Save' }).click()
    await panel.getByText('1471 — PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE').waitFor()
  })

  it('records a company expense with its book details under More details', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/fees/fixed`)
    const form = page.getByRole('form', { name: 'Add One Time Expense' })
    await form.getByLabel('Date *').fill(`${YEAR}-01-09`)
    await form.getByLabel('Name *').fill('Goods for resale')
    await form.getByLabel('Net amount *').fill('2500')
    await form.getByLabel('Company expense').check()
    // Ticking "company" proposes the item's own date as the invoice date (docs/decisions.md), never a month back.
    await expect.poll(() => form.getByLabel('Invoice Date').inputValue()).toBe(`${YEAR}-01-09`)
    await form.getByText('More details (tax book)').click()
    await form.getByLabel('Document number').fill('FZ 3')
    await form.getByLabel('KPiR column').selectOption('goods')
    await form.getByLabel('Name or company').fill('Hurtownia Nowak')
    await form.getByRole('button', { name: 'Add One Time Expense' }).click()
    await page.getByRole('heading', { name: 'Goods for resale' }).waitFor()
  })

  it('shows the year by month with totals, and one month from the month filter (keyboard)', async () => {
    const page = app.page
    await openFromMenu(app, 'Tax book', '/companydashboard/books')
    await bookLoaded(page)
    const table = page.getByRole('table', { name: /Tax book of revenue and expenses/ })
    const text = await table.innerText()
    expect(text).toContain(`January ${YEAR}`)
    expect(text).toContain(`February ${YEAR}`)
    expect(text).toContain('Hurtownia Nowak')
    const rows = table.locator('tbody tr:not(.book__month):not(.book__total)')
    expect(await rows.count()).toBe(3)
    const janTotal = await table.locator('tbody').first().locator('.book__total').first().innerText()
    expect(janTotal).toMatch(/Month total\s+10,000\.00\s+0\.00\s+10,000\.00\s+2,500\.00/)
    expect(await page.locator('.book-summary').innerText()).toMatch(
      /Revenue\s+PLN\s14,000\.00\s+Costs\s+PLN\s2,500\.00/,
    )
    await screenshot(page, 'books-year')

    const month = page.getByLabel('Month')
    await month.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.waitForFunction(() => document.querySelectorAll('.book tbody').length === 1)
    await bookLoaded(page)
    expect(await page.locator('.book tbody .book__month').innerText()).toContain(`February ${YEAR}`)
    expect(await page.locator('.books-page__period').innerText()).toContain(`February ${YEAR}`)
  })

  it('prints the book alone', async () => {
    const page = app.page
    await page.emulateMedia({ media: 'print' })
    const hidden = await page.evaluate(() =>
      ['.header', '.books-page__toolbar', '.books-page__files', '.footer'].map(
        (s) => getComputedStyle(document.querySelector(s) as Element).display,
      ),
    )
    expect(hidden).toEqual(['none', 'none', 'none', 'none'])
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.book') as Element).display)).toBe(
      'table',
    )
    await page.screenshot({ path: `${screenshotDir}/books-print.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })
  })

  it('downloads the JPK_PKPIR file of the year', async () => {
    const page = app.page
    await page.getByLabel('Month').selectOption('')
    await bookLoaded(page)
    const { name: downloadName, text: xml } = await downloadedText(page, `Download JPK_PKPIR for ${YEAR}`)
    expect(downloadName).toBe(`JPK_PKPIR_${YEAR}.xml`)
    expect(xml).toContain('<KodUrzedu>1471</KodUrzedu>')
    expect(xml).toContain('<etd:DataUrodzenia>1985-04-02</etd:DataUrodzenia>')
    expect(xml).toContain('<K_3A>FZ 3</K_3A>')
    expect(xml).toContain('<LiczbaWierszy>3</LiczbaWierszy>')
    expect(xml).toContain('<SumaPrzychodow>14000.00</SumaPrzychodow>')
    await page.getByText(`File JPK_PKPIR_${YEAR}.xml downloaded`).waitFor()
  })

  it('downloads the book for a spreadsheet from the API (the CLI’s bytes): a CSV and a Polish Excel file', async () => {
    const page = app.page
    await bookLoaded(page)
    const { name: csvName, text } = await downloadedText(page, 'Download KPiR as CSV')
    expect(csvName).toBe(`KPiR_${YEAR}.csv`)
    expect(text.split('\r\n')[0]).toMatch(/^1 No\.,2 Date of event,/)
    expect(text).toContain('FZ 3')
    expect(text).toContain('10000.00')
    const { name: excelName, text: excelText } = await downloadedText(page, 'Download KPiR for Excel')
    expect(excelName).toBe(`KPiR_${YEAR}_Excel.csv`)
    expect(excelText.startsWith('\uFEFF')).toBe(true)
    expect(excelText).toContain('10000,00')
    await page.getByText(`File KPiR_${YEAR}_Excel.csv downloaded`).waitFor()
    await page.getByRole('heading', { name: 'Spreadsheet export' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'books-export')
  })
})
