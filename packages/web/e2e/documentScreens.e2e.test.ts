// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * The document screens as a Polish user on a phone and a desk sees them, in real Chromium against the real server:
 * invoices (list, editor with its preview, counterparties, number series with the form open), the bank, KSeF import,
 * fixed assets, an income in euro (the NBP rate), Settings (safety and backups) and the API docs, each at 1280 and
 * 400 px in Polish: the page never wider than the window, and screenshots `doc-*-1280.png` / `doc-*-400.png` in
 * test-output/screenshots.
 */
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { dateInPoland } from '@finance/ledger-core'
import { petrolCar, pitSetting } from '@finance/ledger-core/testing'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { badNipInvoice, COMPANY, HOSTING, screenshot, seeder, settle, tempFiles } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'documents-user@example.com'
const USER_PASSWORD = 'User#2026x'
const TODAY = dateInPoland(new Date())
const YEAR = TODAY.slice(0, 4)

const STATEMENT = fileURLToPath(new URL('../../books/test/fixtures/bank/mbank.sta', import.meta.url))
const BUYER = 'Przedsiębiorstwo Handlowo-Usługowe „Kowalczyk i Wspólnicy” sp. z o.o.'

/** The page fits the window at both widths. */
const FITS = { 1280: '', 400: '' }

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD, language: 'pl' }, seed })
const { call } = app

async function seed(user: string) {
  const address = { country: 'PL', region: '', city: 'Warszawa', street: 'Prosta', postCode: '00-001', building: '1' }
  const books = seeder(call, user)
  await books.post('config', 'Invoice', { ...COMPANY, invoiceAddress: address })
  await books.vat(`${YEAR}-01-01`)
  await call(user, 'POST', 'counterparties', {
    name: BUYER,
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
  await books.pit(pitSetting({ date: `${YEAR}-01-01` }))
  const draft = await call<{ id: number; version: number }>(user, 'POST', 'invoices', {
    kind: 'VAT',
    buyer: { name: BUYER, taxId: '5260001246', country: 'PL', address: 'ul. Marszałkowska 140/12, 00-061 Warszawa' },
    issueDate: TODAY,
    lines: [
      {
        name: 'Wdrożenie systemu sprzedaży internetowej — etap I',
        quantity: '80.5',
        unit: 'godz.',
        unitNet: '150.00',
        vat: '23',
      },
      { name: 'Szkolenie stanowiskowe', quantity: '1', unit: 'usł.', unitNet: '1200.00', vat: '8' },
    ],
    payment: { dueDate: TODAY, method: 'transfer' },
  })
  await call(user, 'POST', `invoices/${draft.id}/issue?version=${draft.version}`)
  await call(user, 'POST', 'invoices', {
    kind: 'VAT',
    buyer: { name: 'ACME sp. z o.o.', taxId: '5260250274', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' },
    issueDate: TODAY,
    lines: [{ name: 'Abonament', quantity: '1', unit: 'szt.', unitNet: '99.99', vat: '23' }],
    payment: { dueDate: TODAY, method: 'transfer' },
  })
  await call(
    user,
    'POST',
    'assets',
    petrolCar({ name: 'Samochód osobowy Skoda Octavia', acquisitionDate: `${YEAR}-01-10` }),
  )
}

/**
 * How much wider than the window the page is ('' when it fits), naming the outermost elements that reach past its
 * right edge (their parent ends inside it).
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth
    if (over <= 0) return ''
    const right = (e: Element | null) => (e ? e.getBoundingClientRect().right : 0)
    const culprits = [...document.querySelectorAll('body *')]
      .filter((e) => right(e) > window.innerWidth + 1 && right(e.parentElement) <= window.innerWidth + 1)
      .filter((e) => getComputedStyle(e).position !== 'fixed')
      .slice(0, 4)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]} → ${Math.round(right(e))}`)
    return `${over} px: ${culprits.join(', ')}`
  })

/** Opens a list page of the invoices and its form for a new entry. */
const openListAndForm = async (page: Page, path: string) => {
  await page.goto(`${app.server.url}${path}`)
  await settle(page)
  await page.locator('.invoices-table').waitFor()
  await page.locator('.invoices-page__actions button').first().click()
}

/** Screenshots the page at 1280 and 400 px and gives how far it overflows at each ('' when it fits). */
const walk = async (page: Page, name: string): Promise<Record<number, string>> => {
  const over: Record<number, string> = {}
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 800 })
    await page.waitForTimeout(150)
    over[width] = await overflow(page)
  }
  await screenshot(page, `doc-${name}`)
  return over
}

describe('document screens in Polish at 1280 and 400 px', () => {
  it('invoices: the list, an issued invoice with its preview and a new one in the editor', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/invoices`)
    await settle(page)
    await page.locator('.invoices-table').waitFor()
    expect(await walk(page, 'invoices')).toEqual(FITS)
    await page.locator('.invoices-table tbody tr').first().getByRole('button').first().click()
    await settle(page)
    expect(await walk(page, 'invoice-issued')).toEqual(FITS)
    await page.goto(`${app.server.url}/companydashboard/invoices`)
    await settle(page)
    await page.locator('.invoices-page__actions button').first().click()
    await page.locator('input[name="lines.0.name"]').fill('Usługi programistyczne')
    await page.locator('input[name="lines.0.quantity"]').fill('12')
    await page.locator('input[name="lines.0.unitNet"]').fill('1234.56')
    expect(await walk(page, 'invoice-editor')).toEqual(FITS)
    // At 1280 px the lines table fits its column whole: nothing to scroll sideways.
    await page.setViewportSize({ width: 1280, height: 800 })
    const sideways = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => e.scrollWidth - e.clientWidth)
    expect(await sideways('.invoices-scroll:has(.invoice-lines)')).toBeLessThanOrEqual(0)
    // And so does the preview's table of totals per rate beside it.
    expect(await sideways('.invoices-scroll:has(.invoice-preview__totals)')).toBeLessThanOrEqual(0)
  })

  it('the FA(3) visualisation of the issued invoice', async () => {
    const page = app.page
    const invoices = await call<{ invoices: { id: number; state: string }[] }>(app.token, 'GET', 'invoices')
    const issued = invoices.invoices.find((i) => i.state === 'issued')!
    const detail = await call<{ itemIds: number[] }>(app.token, 'GET', `invoices/${issued.id}`)
    const res = await fetch(`${app.server.url}/api/ksef/invoices/${detail.itemIds[0]}/html`, {
      headers: { authorization: `Bearer ${app.token}` },
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('23%')
    expect(html).not.toMatch(/\d %/)
    await page.setContent(html)
    expect(await walk(page, 'fa3-visual')).toEqual(FITS)
  })

  it('counterparties: the list and the form', async () => {
    const page = app.page
    await openListAndForm(page, '/companydashboard/invoices/counterparties')
    expect(await walk(page, 'counterparties')).toEqual(FITS)
  })

  it('number series: the list and the form with its next-number preview fit a phone', async () => {
    const page = app.page
    await openListAndForm(page, '/companydashboard/invoices/series')
    await page.locator('input[name="name"]').fill('Faktury zaliczkowe')
    await page.locator('input[name="pattern"]').fill('ZAL/{N}/{MM}/{YYYY}')
    await expect
      .poll(() => page.locator('output[name="preview"]').innerText())
      .toBe(`ZAL/1/${TODAY.slice(5, 7)}/${YEAR}`)
    expect(await walk(page, 'series')).toEqual(FITS)
  })

  it('bank: a statement imported, its lines and the white list', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/bank`)
    await settle(page)
    await page.locator('input[type=file][data-testid="bank-files"]').setInputFiles([STATEMENT])
    await page.locator('.bank-page form button[type=submit]').first().click()
    await settle(page)
    await page.waitForTimeout(500)
    expect(await walk(page, 'bank')).toEqual(FITS)
  })

  it('KSeF: the import report of a good file and two refused ones', async () => {
    const page = app.page
    const files = tempFiles('documents-e2e-', {
      'FZ-2026-11-faktura-zakupowa-hosting.xml': buildInvoice23({
        sellerNip: '7740001454',
        buyerNip: COMPANY.nip,
        number: 'FZ 7',
        issueDate: TODAY,
        ...HOSTING,
      }),
      'notatki.xml': '<notes/>',
      'faktura-od-dostawcy-z-blednym-numerem-nip.xml': badNipInvoice(COMPANY.nip, TODAY, 'Papier'),
    })
    await page.goto(`${app.server.url}/companydashboard/ksef`)
    await settle(page)
    await page.getByTestId('ksef-files').setInputFiles(files)
    await page.locator('.ksef-page__actions button').first().click()
    await page.getByRole('table').getByRole('row').nth(3).waitFor()
    expect(await walk(page, 'ksef')).toEqual(FITS)
  })

  it('fixed assets: the register and a card with its actions', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/assets`)
    await page.waitForSelector('.assets-page[aria-busy="false"]')
    await settle(page)
    expect(await walk(page, 'assets')).toEqual(FITS)
    await page.getByRole('button', { name: 'Samochód osobowy Skoda Octavia' }).click()
    await page.getByTestId('asset-actions').waitFor()
    expect(await walk(page, 'asset-card')).toEqual(FITS)
  })

  it('currency: an income in euro names the missing NBP rate', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/revenues/fixed`)
    await settle(page)
    const form = page.getByRole('form', { name: 'Dodaj przychód jednorazowy' })
    await form.getByLabel('Data *').fill(`${YEAR}-05-04`)
    await form.getByLabel('Nazwa *').fill('Konsulting dla klienta z Niemiec')
    await form.getByLabel('Przychód firmowy').check()
    await form.getByLabel('Waluta').selectOption('EUR')
    await page.waitForTimeout(300)
    expect(await walk(page, 'currency')).toEqual(FITS)
  })

  it('settings: safety and backups', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/settings`)
    await settle(page)
    expect(await walk(page, 'settings')).toEqual(FITS)
  })

  it('the API docs', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/api/docs`)
    await page.locator('.opblock-tag').first().waitFor()
    expect(await walk(page, 'api-docs')).toEqual(FITS)
  })
})
