// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of KSeF and JPK_V7 in real Chromium against the real server: a monthly VAT payer drops two FA(3)
 * files on the import screen (a purchase downloaded from KSeF, its number in the file name, and a file that is no
 * invoice), reads the report per file, then downloads the JPK_V7M of last month from the VAT card of this month's
 * dashboard: its declaration is the card's VAT to pay.
 *
 * Seeded through the API: company data with the tax office and birth date, Contact, VAT 23 % monthly; a company
 * income of 5 000.00 net last month (sold, 1 150.00 VAT). Imported in the browser: a purchase of 1 000.00 net,
 * 230.00 VAT. VAT to pay: 1 150 − 230 = 920.
 */
import { readFileSync } from 'node:fs'
import { addMonthsToMonth, dateInPoland } from '@finance/ledger-core'
import { formatMonth } from '@finance/ledger-core/format'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { badNipInvoice, COMPANY, HOSTING, screenshot, seeder, tempFiles } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'ksef-user@example.com'
const USER_PASSWORD = 'User#2026x'
const US = COMPANY.nip
const SELLER = '7740001454'
const LAST_MONTH = addMonthsToMonth(dateInPoland(new Date()).slice(0, 7), -1)
const KSEF = `${SELLER}-${LAST_MONTH.replace('-', '')}05-0100001AF629-AF`

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

async function seed(user: string) {
  const books = seeder(call, user)
  await books.post('config', 'Primary', { ...COMPANY, birthDate: '1985-04-02', taxOfficeCode: '1471' })
  await books.post('config', 'Contact', { email: 'biuro@example.com', phoneNumber: '', website: '', other: '' })
  await books.vat(`${LAST_MONTH.slice(0, 4)}-01-01`)
  await books.income({
    date: `${LAST_MONTH}-03`,
    name: 'Programming',
    amount: '5000.00',
    documentNumber: 'FV 1',
    ksefMarker: 'BFK',
    counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
  })
}

describe('KSeF and JPK_V7', () => {
  it('imports a purchase from KSeF and reports a file that is no invoice, per file', async () => {
    const page = app.page
    const [purchase, notes, badNip] = tempFiles('ksef-e2e-', {
      [`${KSEF}.xml`]: buildInvoice23({
        sellerNip: SELLER,
        buyerNip: US,
        number: 'FZ 7',
        issueDate: `${LAST_MONTH}-05`,
        ...HOSTING,
      }),
      'notes.xml': '<notes/>',
      // A long file name and a seller NIP of the wrong form: the report names the field in plain words.
      'faktura-od-dostawcy-z-blednym-numerem-nip-marzec.xml': badNipInvoice(US, `${LAST_MONTH}-06`, 'Paper'),
    }) as [string, string, string]
    await page.goto(`${app.server.url}/companydashboard/ksef`)
    await page.getByRole('heading', { name: 'KSeF invoices' }).waitFor()
    await page.getByTestId('ksef-files').setInputFiles([purchase, notes, badNip])
    await page.getByRole('button', { name: 'Import 3 files' }).click()
    const rows = page.getByRole('table').getByRole('row')
    await rows.nth(3).waitFor()
    expect(await rows.nth(1).innerText()).toContain('Imported as an expense')
    expect(await rows.nth(1).innerText()).toContain(KSEF)
    expect(await rows.nth(2).innerText()).toContain('Refused')
    expect(await rows.nth(2).innerText()).toContain('The file is not an FA(3) invoice: its main element is notes')
    expect(await rows.nth(3).innerText()).toContain('NIP: “12345” is not written in the required form')
    expect(await rows.nth(3).innerText()).not.toContain('facet')
    // It fits: at 1280 px the table ends inside the window, the file name on a line or two; at 400 px each file is
    // a card as wide as the screen allows.
    const fits = async (width: number) => {
      await page.setViewportSize({ width, height: 800 })
      const table = (await page.getByRole('table').boundingBox())!
      const name = (await rows.nth(3).getByText('faktura-od-dostawcy', { exact: false }).boundingBox())!
      return { right: table.x + table.width, nameWidth: name.width, nameHeight: name.height }
    }
    const wide = await fits(1280)
    expect(wide.right).toBeLessThanOrEqual(1280)
    expect(wide.nameWidth).toBeGreaterThan(200)
    const narrow = await fits(400)
    expect(narrow.right).toBeLessThanOrEqual(400)
    expect(narrow.nameWidth).toBeGreaterThan(180)
    await page.setViewportSize({ width: 1280, height: 800 })
    await screenshot(page, 'ksef-import-report')

    // The same file again is a duplicate, and nothing is added.
    await page.getByTestId('ksef-files').setInputFiles([purchase])
    await page.getByRole('button', { name: 'Import 1 file' }).click()
    await page.getByRole('cell', { name: 'Already in the books', exact: true }).waitFor()
  })

  it('downloads last month’s JPK_V7M from the VAT card; its declaration is the card’s VAT to pay', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/dashboard/monthly`)
    const button = page.getByRole('button', { name: `Download JPK_V7M for ${formatMonth('en', LAST_MONTH)}` })
    await button.waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(download.suggestedFilename()).toBe(`JPK_V7M_${LAST_MONTH}.xml`)
    const xml = readFileSync((await download.path()) as string, 'utf8')
    expect(xml).toContain('<P_51>920</P_51>')
    expect(xml).toContain(`<NrKSeF>${KSEF}</NrKSeF>`)
    expect(xml).toContain('<BFK>1</BFK>')
    await page.getByText(`File JPK_V7M_${LAST_MONTH}.xml downloaded`).waitFor()
    await screenshot(page, 'ksef-vat-card')
  })
})
