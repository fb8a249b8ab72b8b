// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of KSeF online in real Chromium, the real server started with the KSeF simulator's address
 * (`FINANCE_KSEF_URL`; the simulator checks every request and answer against the official open-api.json): a company
 * income is sent to KSeF from the KSeF screen, its PDF downloaded from the income's card carries the KSeF number and
 * KOD I of the very file KSeF holds, its preview is shown; then a supplier's invoice is fetched from KSeF and appears
 * among the expenses, with its own PDF; last, an income whose sending finds KSeF down is kept offline with its deadline
 * and sent once KSeF is back (tryby-offline.md), its KSeF number on its PDF.
 *
 * Seeded through the API: company data (NIP, addresses, invoice data, contact), VAT 23 % monthly, the KSeF token,
 * and a company income FV 1/2026 of 5 000.00 net to ACME sp. z o.o.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { addMonthsToMonth, dateInPoland } from '@finance/ledger-core'
import { companyAddress } from '@finance/ledger-core/testing'
import { type KsefSimulator, pdfText, startSimulator } from '@finance/ksef/testing'
import { buildInvoice23 } from '@finance/tax-files/testing'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { COMPANY, HOSTING, screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'ksef-online@example.com'
const USER_PASSWORD = 'User#2026x'
const US = COMPANY.nip
const SUPPLIER = '7740001454'
const MONTH = dateInPoland(new Date()).slice(0, 7)
const LAST_MONTH = addMonthsToMonth(MONTH, -1)

let sim: KsefSimulator
/** An item's card on an items page, found by its heading. */
const itemCard = (page: Page, heading: string | RegExp) =>
  page.locator('section', { has: page.getByRole('heading', { name: heading }) }).last()

/** Downloads the invoice PDF from an item's card: the file's name and its text. */
const invoicePdf = async (card: Locator) => {
  const [download] = await Promise.all([
    card.page().waitForEvent('download'),
    card.getByRole('button', { name: 'Invoice PDF' }).click(),
  ])
  return { name: download.suggestedFilename(), text: await pdfText(readFileSync((await download.path())!)) }
}

const app = journey({
  env: async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    return { FINANCE_KSEF_URL: sim.url, FINANCE_KSEF_FETCH_INTERVAL_MS: '0' }
  },
  user: { email: USER_EMAIL, password: USER_PASSWORD },
  english: true,
  seed,
  after: async () => {
    expect(sim.violations).toEqual([])
    await sim?.close()
  },
})
const { call } = app

const address = companyAddress()

/** An income invoiced to ACME on its `date`, the invoice numbered `documentNumber`. */
const acmeIncome = (date: string, name: string, amount: string, documentNumber: string) => ({
  date,
  name,
  amount,
  invoiceDate: date,
  documentNumber,
  counterparty: { name: 'ACME sp. z o.o.', taxId: SUPPLIER, country: 'PL', address: 'Warszawa' },
})

async function seed(user: string) {
  const books = seeder(call, user)
  await books.post('config', 'Primary', { ...COMPANY, birthDate: '1985-04-02', taxOfficeCode: '1471' })
  await books.post('config', 'Contact', { email: 'biuro@example.com', phoneNumber: '', website: '', other: '' })
  await books.post('config', 'Addresses', {
    permanentPlaceOfBusinessActivity: address,
    additionalPlaceOfBusinessActivity: address,
    postDeliveryAddress: address,
  })
  await books.post('config', 'Invoice', { ...COMPANY, invoiceAddress: address })
  await books.vat(`${LAST_MONTH.slice(0, 4)}-01-01`)
  await books.income(acmeIncome(`${LAST_MONTH}-03`, 'Programming', '5000.00', 'FV 1/2026'))
  await call(user, 'PUT', 'ksef/connection', { token: sim.token, environment: 'TEST' })
}

const hashOf = (xml: string) => createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url')

describe('KSeF online', () => {
  it('sends an income to KSeF; its PDF carries the KSeF number and KOD I', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/ksef`)
    await page.getByRole('button', { name: 'Send FV 1/2026 to KSeF' }).click()
    await page.getByText(/Sent FV 1\/2026: KSeF number/).waitFor()
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(['FV 1/2026'])
    const held = sim.invoices[0]!
    await screenshot(page, 'ksef-online-sent')

    await page.goto(`${app.server.url}/companydashboard/revenues/fixed`)
    const card = itemCard(page, 'Programming')
    const { name, text } = await invoicePdf(card)
    expect(name).toBe('FV_1_2026.pdf')
    expect(text).toContain(`KSeF number: ${held.ksefNumber}`)
    const [y, m, d] = held.issueDate.split('-')
    expect(text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${US}/${d}-${m}-${y}/${hashOf(held.xml)}`)

    await card.getByRole('button', { name: 'Invoice preview' }).click()
    const preview = page.frameLocator('iframe[title="Invoice preview"]')
    await preview.getByText(held.ksefNumber).first().waitFor()
    await card.locator('iframe').scrollIntoViewIfNeeded()
    await screenshot(page, 'ksef-online-invoice-preview')
  })

  it('fetches a supplier’s invoice from KSeF into the expenses', async () => {
    const page = app.page
    const received = sim.receive(
      buildInvoice23({
        sellerNip: SUPPLIER,
        sellerName: 'Hosting Polska sp. z o.o.',
        buyerNip: US,
        number: 'ZAK 7/2026',
        issueDate: `${MONTH}-01`,
        ...HOSTING,
      }),
    )
    await page.goto(`${app.server.url}/companydashboard/ksef`)
    await page.getByRole('button', { name: 'Fetch received invoices' }).click()
    await page.getByText('Received 1, imported 1').first().waitFor()
    await page.goto(`${app.server.url}/companydashboard/fees/fixed`)
    const card = itemCard(page, /ZAK 7\/2026/)
    await card.waitFor()
    expect(await card.innerText()).toContain('Hosting Polska sp. z o.o.')
    const { text } = await invoicePdf(card)
    expect(text).toContain(received.ksefNumber)
    expect(text).toContain('Hosting Polska sp. z o.o.')
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'ksef-online-fetched-expense')
  })

  it('keeps an invoice offline while KSeF is down, shows its deadline, and sends it once KSeF is back', async () => {
    const page = app.page
    await seeder(call, app.token).income(acmeIncome(`${MONTH}-01`, 'Consulting', '2000.00', 'FV 2/2026'))
    await page.goto(`${app.server.url}/companydashboard/ksef`)
    // Without a KSeF certificate, offline24 is said to be impossible: the offline dialog opens on KSeF's announced
    // unavailability, and with offline24 chosen it says why and issues nothing; Escape leaves it.
    expect(await page.getByTestId('ksef-offline24').innerText()).toMatch(
      /^Offline24 invoices cannot be issued without a KSeF certificate of type Offline/,
    )
    await page.getByRole('button', { name: 'Issue FV 2/2026 offline' }).click()
    const dialog = page.getByRole('dialog', { name: 'Issue FV 2/2026 offline' })
    const mode = dialog.getByRole('combobox', { name: 'Offline mode' })
    expect(await mode.inputValue()).toBe('offline')
    await mode.selectOption('offline24')
    expect(await dialog.getByRole('button', { name: 'Issue offline' }).isDisabled()).toBe(true)
    await dialog.getByText('Your choice, but it needs the KSeF certificate of type Offline: upload it first.').waitFor()
    await screenshot(page, 'ksef-offline-dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    sim.unavailable = true
    await page.getByRole('button', { name: 'Send FV 2/2026 to KSeF' }).click()
    await page
      .getByText('KSeF is not answering: the invoice is kept as an offline invoice and will be sent when KSeF is back')
      .first()
      .waitFor({ timeout: 60_000 })
    const state = page.getByTestId('ksef-offline-state')
    await state.waitFor()
    expect(await state.innerText()).toBe(
      'Offline, offline (KSeF unavailable): send to KSeF on the working day after KSeF is back',
    )
    expect(sim.invoices.filter((i) => i.sellerNip === US).map((i) => i.invoiceNumber)).toEqual(['FV 1/2026'])
    await screenshot(page, 'ksef-offline-waiting')

    sim.recover()
    await page.getByRole('button', { name: 'Send offline invoices now' }).click()
    await page.getByText('Offline invoices sent: 1, not sent: 0').first().waitFor()
    const held = sim.invoices.find((i) => i.invoiceNumber === 'FV 2/2026')
    expect(held?.offlineMode).toBe(true)
    expect(held?.issueDate).toBe(`${MONTH}-01`)
    await screenshot(page, 'ksef-offline-sent')

    await page.goto(`${app.server.url}/companydashboard/revenues/fixed`)
    const card = itemCard(page, 'Consulting')
    const { text } = await invoicePdf(card)
    expect(text).toContain(`KSeF number: ${held?.ksefNumber}`)
    expect(text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${US}/`)
  })
})
