// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the bank statements in real Chromium against the real server: a monthly VAT payer's statement
 * (last month and the first day of this one) goes in; the VAT of last month, paid to the tax micro-account, is
 * matched on import; a client's transfer without an invoice number waits in the queue with a suggestion, which the
 * user accepts on the Bank screen; an invoice paid in part shows as a receivable; a file that is no statement is
 * refused with its reason; and the VAT card of this month's dashboard says the day and the amount paid.
 *
 * Seeded through the API: company data, VAT 23 % monthly; two company incomes last month, FV/1 (10 000 net) and FV/2
 * (5 000 net); the statement as parsed statements (`POST /api/bank/statements`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addMonthsToMonth, dateInPoland, taxMicroAccount } from '@finance/ledger-core'
import { ACCOUNT, line, statement } from '@finance/ledger-core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  journeyApi,
  launchBrowser,
  type LaunchedBrowser,
  login,
  REGISTRATION_KEY,
  type RunningServer,
  screenshot,
  screenshotOnFailure,
  startServer,
  useEnglish,
} from './harness.ts'

const USER_EMAIL = 'bank-user@example.com'
const USER_PASSWORD = 'User#2026x'
const US = '5260250274'
const THIS_MONTH = dateInPoland(new Date()).slice(0, 7)
const LAST_MONTH = addMonthsToMonth(THIS_MONTH, -1)

let server: RunningServer
let browser: LaunchedBrowser
let vatAmount = ''
const { call, tokenOf } = journeyApi(() => server)

const seed = async () => {
  const admin = await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD)
  await call(admin, 'POST', 'account/register', {
    email: USER_EMAIL,
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    appRole: 'USER',
    key: REGISTRATION_KEY,
    url: `${server.url}/user/login`,
    language: 'en',
  })
  const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
  await call(user, 'POST', 'config', {
    dataType: 'Primary',
    dataObject: { companyName: 'Kowalski IT', nip: US, ownerName: 'Jan', ownerLastName: 'Kowalski', regon: '' },
  })
  await call(user, 'POST', 'fee', {
    dataType: 'Vat',
    dataObject: { date: `${LAST_MONTH.slice(0, 4)}-01-01`, percent: '23', paymentInterval: 1 },
  })
  for (const [number, amount] of [
    ['FV/1', '10000.00'],
    ['FV/2', '5000.00'],
  ] as const)
    await call(user, 'POST', 'revenue', {
      dataType: 'Income',
      dataObject: {
        date: `${LAST_MONTH}-05`,
        name: `Programming ${number}`,
        amount,
        isCompany: true,
        percent: '23',
        invoiceDate: `${LAST_MONTH}-05`,
        documentNumber: number,
      },
    })
  const obligations = (await call(user, 'GET', `transaction/obligations/${LAST_MONTH.slice(0, 4)}`)) as {
    transactionId: string
    amount: string
  }[]
  const vat = obligations.find((o) => o.transactionId === `vat-${LAST_MONTH}`)
  if (!vat) throw new Error(`no VAT for ${LAST_MONTH}: ${JSON.stringify(obligations)}`)
  vatAmount = vat.amount
  const report = (await call(user, 'POST', 'bank/statements', {
    statements: [
      statement(
        [
          line({ bookingDate: `${LAST_MONTH}-15`, amount: '12300.00', title: 'Przelew', counterpartyName: 'ACME' }),
          line({ bookingDate: `${LAST_MONTH}-20`, amount: '3000.00', title: 'Zapłata FV/2 część' }),
          line({
            bookingDate: `${THIS_MONTH}-01`,
            amount: `-${vat.amount}`,
            counterpartyAccount: taxMicroAccount(US)!,
            title: `/TI/N${US}/OKR/${LAST_MONTH.slice(2, 4)}M${LAST_MONTH.slice(5, 7)}/SFP/VAT7/`,
          }),
        ],
        { openingDate: `${LAST_MONTH}-01`, closingDate: `${THIS_MONTH}-01` },
      ),
    ],
  })) as { imported: number }
  if (report.imported !== 1) throw new Error(JSON.stringify(report))
}

beforeAll(async () => {
  server = await startServer()
  await seed()
  browser = await launchBrowser()
  await useEnglish(browser.context, server.url)
  await login(browser.page, server.url, USER_EMAIL, USER_PASSWORD)
})

screenshotOnFailure(() => browser)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('bank statements', () => {
  it('shows the account and its balance, refuses a file that is no statement, and accepts a suggestion from the queue', async () => {
    const page = browser.page
    await page.goto(`${server.url}/companydashboard/bank`)
    await page.getByRole('heading', { name: 'Bank', exact: true }).waitFor()
    await page
      .getByText(ACCOUNT.replace(/(.{4})(?=.)/g, '$1 '))
      .first()
      .waitFor()
    // A file no parser reads is refused, whole, with its reason.
    const dir = mkdtempSync(join(tmpdir(), 'bank-e2e-'))
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'no statement here')
    await page.locator('input[type=file]').setInputFiles([notes])
    await page.getByText('Not a bank statement in a supported format').waitFor()
    // The client's transfer waits with its suggestion; accepting it empties the queue.
    await page.getByText('To match (1)').waitFor()
    expect(await page.locator('.bank-queue').innerText()).toContain('same amount, close date')
    await page.getByRole('button', { name: 'Accept' }).click()
    await page.getByText('Every line is matched.').waitFor()
    // FV/2 is paid in part: a receivable.
    const open = await page.locator('section[aria-labelledby="bank-open"]').innerText()
    expect(open).toContain('FV/2')
    expect(open).not.toContain('FV/1')
    await screenshot(page, 'bank-screen')
  })

  it('ticks the VAT row with the day and amount paid on this month’s dashboard', async () => {
    const page = browser.page
    await page.goto(`${server.url}/dashboard/monthly`)
    const day = Number(`${THIS_MONTH}-01`.slice(8))
    const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${THIS_MONTH}-01T00:00:00Z`),
    )
    await page.getByText(`paid ${day} ${month},`).first().waitFor()
    expect(vatAmount).not.toBe('')
    await screenshot(page, 'bank-vat-paid')
  })
})
