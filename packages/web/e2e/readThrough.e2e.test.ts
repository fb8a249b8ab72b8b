/**
 * The read-through of the everyday screens in real Chromium, Polish first: the month, the year with its month popup
 * and year end, the company, taxes and ZUS settings, the first-run set-up, the tax book, settings, the log viewer and
 * the account screens (logged in and out), each at 1280 and 400 px. Every screen is saved under
 * test-output/screenshots/read-{screen}-{width}.png to be read, and none may scroll sideways
 * (`document.documentElement.scrollWidth <= innerWidth`).
 *
 * Seeded through the API for this year: the company (Kowalski IT), VAT 23% monthly, PIT linear 19%, full ZUS, a
 * company income of 15 000.00 net every month and an expense of 8 100.00 net in January.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { pitSetting } from '@finance/ledger-core/testing'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  API_KEY,
  COMPANY,
  downloadedText,
  screenshotDir,
  seeder,
  settle,
} from './harness.ts'
import { journey } from './steps.ts'

const app = journey({ seed, asAdmin: true })
const { call, tokenOf } = app

const YEAR = Number(dateInPoland(new Date()).slice(0, 4))

async function seed() {
  const books = seeder(call, await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD))
  await books.post('config', 'Primary', COMPANY)
  await books.taxes(YEAR, pitSetting({ date: `${YEAR}-01-01` }), ['1773.96', '4.9'])
  await books.recurringIncome(`${YEAR}-01-10`, 'Usługi programistyczne', '15000.00', 12)
  await books.expense({ date: `${YEAR}-01-20`, name: 'Laptop', amount: '8100.00' })
}

/** The page's width beyond the window, in px (0 when nothing scrolls sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))

/** Each width: the screen's shot and how far it scrolls sideways; `open` brings the screen up at that width. */
const walk = async (page: Page, name: string, open: () => Promise<void>) => {
  const over: Record<string, number> = {}
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 })
    await open()
    await settle(page)
    await page.waitForTimeout(150)
    const by = await sideways(page)
    if (by > 0) over[`${name}-${width}`] = by
    await page.screenshot({ path: join(screenshotDir, `read-${name}-${width}.png`), fullPage: true })
  }
  return over
}

const go = (page: Page, path: string) => async () => {
  await page.goto(`${app.server.url}${path}`)
}

describe('the read-through of the everyday screens (pl)', () => {
  it('shows each logged-in screen whole at 1280 and 400 px, none scrolling sideways', async () => {
    const page = app.page
    mkdirSync(screenshotDir, { recursive: true })
    await page.context().addCookies([{ name: 'finance_lang', value: 'pl', url: app.server.url }])
    const screens: [string, string][] = [
      ['home', '/'],
      ['month', '/dashboard/monthly'],
      ['year', '/dashboard/yearly'],
      ['company-dashboard', '/companydashboard'],
      ['company', '/companydashboard/company'],
      ['fees', '/companydashboard/fees'],
      ['taxes', '/companydashboard/fees/taxes'],
      ['zus', '/companydashboard/fees/socialsecurity'],
      ['books', '/companydashboard/books'],
      ['settings', '/settings'],
      ['setup', '/setup'],
      ['register', '/user/register'],
      ['change-password', '/user/changepassword'],
    ]
    const over: Record<string, number> = {}
    for (const [name, path] of screens) Object.assign(over, await walk(page, name, go(page, path)))
    Object.assign(
      over,
      await walk(page, 'month-popup', async () => {
        await page.goto(`${app.server.url}/dashboard/yearly`)
        await settle(page)
        await page.locator('.chart-card--monthly g[data-month="1"] rect.bar--incomes').click()
        await page.getByRole('dialog').waitFor()
      }),
    )
    Object.assign(
      over,
      await walk(page, 'logs', async () => {
        await page.goto(`${app.server.url}/logs`)
        await page.getByLabel('Klucz API').fill(API_KEY)
        await page.getByRole('button', { name: 'Ustaw klucz' }).click()
        await page.locator('.log-table tbody').first().waitFor()
      }),
    )
    expect(over).toEqual({})
  })

  it("downloads the month and the year's summary from the API: the CLI's export bytes", async () => {
    const page = app.page
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await settle(page)
    const month = await page.locator('.period-nav__title').getAttribute('data-month')
    const { name: excelName, text } = await downloadedText(page, 'Pobierz miesiąc dla Excela')
    expect(excelName).toBe(`Finance_${month}_Excel.csv`)
    expect(text.startsWith('\uFEFFuser;month;id;date;eventType;name;net;vatPercent;vat;gross;')).toBe(true)
    expect(text).toContain(`;${month};`)
    expect(text).toContain(';Usługi programistyczne;15000,00;23;3450,00;18450,00;true;')
    await page.goto(`${app.server.url}/dashboard/yearly`)
    await settle(page)
    const csv = await downloadedText(page, 'Pobierz podsumowanie jako CSV')
    expect(csv.name).toBe(`Podsumowanie_${YEAR}.csv`)
    const summary = csv.text.split('\r\n')
    expect(summary[0]).toMatch(/^month,companyIncomeAmmount,/)
    // Twelve months and the year's row.
    expect(summary.filter((l) => l !== '')).toHaveLength(14)
    await page.getByText(`Pobrano plik Podsumowanie_${YEAR}.csv`).waitFor()
    await page.getByRole('heading', { name: 'Eksport do arkusza kalkulacyjnego' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'read-year-export-1280.png') })
  })

  it('shows the account screens of a visitor whole at 1280 and 400 px', async () => {
    const context = await app.browser.browser.newContext()
    try {
      await context.addCookies([{ name: 'finance_lang', value: 'pl', url: app.server.url }])
      const page = await context.newPage()
      const over: Record<string, number> = {}
      for (const [name, path] of [
        ['login', '/user/login'],
        ['reset-password', '/user/resetpassword'],
        ['welcome', '/'],
      ] as const)
        Object.assign(over, await walk(page, name, go(page, path)))
      Object.assign(
        over,
        await walk(page, 'login-refused', async () => {
          await page.goto(`${app.server.url}/user/login`)
          await page.locator('input[type=email]').fill(ADMIN_EMAIL)
          await page.locator('input[type=password]').fill('wrong-password-1')
          await page.locator('form button[type=submit]').click()
          await page.locator('.popups .popup, [role=alert]').first().waitFor()
        }),
      )
      expect(over).toEqual({})
    } finally {
      await context.close()
    }
  })
})
