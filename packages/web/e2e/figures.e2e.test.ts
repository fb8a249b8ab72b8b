// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Figures a user can trust, in Chromium against the real server, Polish first: a Scale trader paying VAT monthly
 * with 15 000 zł net of income and 8 100 zł net of costs every month of this year.
 *
 * - the summary's company net never subtracts the VAT payment from net amounts (docs/tax-rules.md §12);
 * - the tax book leaves out the occurrences dated after today, and says so;
 * - the ZUS row shows one amount, and the year end never calls ryczałt at an assumed rate the cheapest.
 */
import { dateInPoland, parseMoney } from '@finance/ledger-core'
import { scalePitSetting } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const EMAIL = 'figures@example.com'
const PASSWORD = 'Figures#2026'
const YEAR = Number(dateInPoland(new Date()).slice(0, 4))
const TODAY = dateInPoland(new Date())

const app = journey({ user: { email: EMAIL, password: PASSWORD }, timezoneId: 'Europe/Warsaw', seed })
const { call } = app

type SummaryRow = Record<string, string | number>

async function seed(token: string) {
  const books = seeder(call, token)
  await books.taxes(YEAR, scalePitSetting({ date: `${YEAR}-01-01` }), ['1926.76', '9'])
  await books.recurringIncome(`${YEAR}-01-10`, 'Usługi programistyczne', '15000.00', 12)
  await books.recurringExpense(`${YEAR}-01-12`, 'Podwykonawca', '8100.00', 12)
}

describe('the summary (point 2)', () => {
  it('gives the company net as net revenue less net costs, PIT and ZUS, on every face', async () => {
    const rows = await call<SummaryRow[]>(app.token, 'GET', `transaction/getSummaryList/${YEAR}-06-01/false`)
    for (const r of rows) {
      const g = (k: string) => parseMoney(String(r[k]))
      expect(g('companysNetIncome')).toBe(
        g('companyIncomeAmmount') -
          g('companyExpenseAmmount') -
          g('companyPitAmmount') -
          g('companySocialSecurityAmmount'),
      )
    }
    const { page } = app
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    const choice = page.locator('.show-choices').getByLabel('Podsumowanie')
    if (!(await choice.isChecked())) await choice.check()
    await page.waitForSelector('.summary-table--lead')
    const year = rows.find((r) => r.month === 0)!
    const text = await page.locator('.summary-table--lead').innerText()
    // Polish money as the screen writes it: groups of three from five digits, a decimal comma (exact, no float).
    const pl = (s: string) => {
      const [int = '', dec = '00'] = s.replace('-', '').split('.')
      const grouped = int.length >= 5 ? int.replace(/\B(?=(\d{3})+$)/g, ' ') : int
      return `${s.startsWith('-') ? '-' : ''}${grouped},${dec}`
    }
    expect(text.replace(/\u00a0/g, ' ')).toContain(pl(String(year.companysNetIncome)))
    await page.locator('.summary-table--lead').scrollIntoViewIfNeeded()
    await screenshot(page, 'figures-summary-pl')
    await page.goto(`${app.server.url}/dashboard/yearly`)
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    await screenshot(page, 'figures-yearly-chart-pl')
  })
})

describe('the tax book (point 3)', () => {
  it('leaves out the occurrences dated after today and says so', async () => {
    const book = await call<{ kpir: { rows: { date: string }[] }; planned: { after: string; entries: number } }>(
      app.token,
      'GET',
      `books/${YEAR}`,
    )
    expect(book.kpir.rows.every((r) => r.date <= TODAY)).toBe(true)
    expect(book.planned.after).toBe(TODAY)
    const { page } = app
    await page.goto(`${app.server.url}/companydashboard/books`)
    await page.waitForSelector('.books-page[aria-busy="false"]')
    if (book.planned.entries > 0) {
      const note = await page.locator('.books-page__planned').innerText()
      expect(note).toContain('to plan, a nie zdarzenie')
    }
    await screenshot(page, 'figures-books-pl')
  })
})

describe('one figure for one thing (point 5)', () => {
  it('shows the ZUS row once and the year end without an assumed cheapest ryczałt', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    const zus = page.locator('.tx-row--socialsecurity').first()
    const cells = await zus.locator('td.num').allInnerTexts()
    expect(cells).toHaveLength(2)
    expect(cells[0]).toBe(cells[1])
    await expect.poll(() => page.locator('.tx-card--socialsecurity').count()).toBeGreaterThan(0)
    expect(await page.locator('.tx-card--socialsecurity').first().innerText()).not.toContain('ZUS w skrócie')
    await screenshot(page, 'figures-monthly-pl')
    await page.goto(`${app.server.url}/dashboard/yearly`)
    await page.waitForSelector('.dashboard[aria-busy="false"]')
    const flat = page.locator('tr[data-form="Flat"]')
    if ((await flat.count()) > 0) {
      expect(await flat.innerText()).not.toContain('najtańsza')
      await flat.scrollIntoViewIfNeeded()
    }
    await screenshot(page, 'figures-year-end-pl')
  })
})
