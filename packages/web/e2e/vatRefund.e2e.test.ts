// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of a VAT refund in real Chromium against the real server: last month a monthly VAT payer sold
 * 1 000.00 net (230 VAT) and bought a machine of 20 000.00 net (4 600 VAT), an excess of 4 370. On this month's
 * dashboard the VAT card of last month offers a refund; a refused amount is named at its field, then 3 000 of it is
 * asked for with 500 set against a PIT advance (docs/tax-rules.md §34), and withdrawn again.
 */
import { addMonthsToMonth, dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seeder } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'vat-refund@example.com'
const USER_PASSWORD = 'User#2026x'
const THIS_MONTH = dateInPoland(new Date()).slice(0, 7)
const LAST_MONTH = addMonthsToMonth(THIS_MONTH, -1)

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD }, english: true, seed })
const { call } = app

async function seed(token: string) {
  const books = seeder(call, token)
  await books.vat(`${Number(LAST_MONTH.slice(0, 4)) - 1}-01-01`)
  await books.income({ date: `${LAST_MONTH}-05`, name: 'FV 1', amount: '1000.00', percent: '23' })
  await books.expense({ date: `${LAST_MONTH}-07`, name: 'Machine', amount: '20000.00', percent: '23' })
}

describe('a refund of last month’s excess of input VAT', () => {
  it('is asked for on the VAT card, a refused amount named first; the card and the API show it', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/dashboard/monthly`)
    await page.waitForSelector('.dashboard[aria-busy="false"] .tx-card--vat')
    const refund = page.locator('.tx-card--vat').getByRole('region', { name: 'VAT refund' })
    expect(await refund.getByTestId('vat-refund-state').innerText()).toMatch(
      /^The excess of PLN\s4,370\.00 is carried to the next period/,
    )
    await refund.getByRole('button', { name: 'Ask for a refund' }).click()
    const form = refund.getByTestId('vat-refund-form')
    expect(await form.getByLabel('Term').inputValue()).toBe('days40')
    await form.getByLabel('Amount to refund (whole złoty)').fill('2999.5')
    await form.getByRole('button', { name: 'Save the refund' }).click()
    await form.getByText('Refund must be a whole number of złoty greater than 0').waitFor()
    await form.getByLabel('Amount to refund (whole złoty)').fill('3000')
    await form.getByLabel('Set part of the refund against future tax liabilities').check()
    await form.getByLabel('Amount set against them (whole złoty)').fill('500')
    await form.getByLabel('Which liability').fill(`PIT advance for ${THIS_MONTH}`)
    await screenshot(page, 'vat-refund-form')
    await form.getByRole('button', { name: 'Save the refund' }).click()
    await refund.getByText(/^Refund of PLN\s3,000\.00 asked for, within 40 days of filing/).waitFor()
    expect(await refund.innerText()).toContain(`set against: PIT advance for ${THIS_MONTH}`)
    await screenshot(page, 'vat-refund-asked')
    const view = await call<{ period: { excess: string; refunded: string; carried: string } }>(
      app.token,
      'GET',
      `vat/refund/${LAST_MONTH}`,
    )
    expect(view.period).toMatchObject({ excess: '4370.00', refunded: '3000.00', carried: '1370.00' })
    // The return's fields under "How it is computed".
    await page.locator('.tx-card--vat').getByText('How it is computed').click()
    expect(await page.locator('.tx-card--vat .breakdown__return').innerText()).toMatch(
      /P_54 Excess refunded to your account\s+PLN\s3,000\.00/,
    )
  })

  it('is withdrawn: the whole excess is carried forward again', async () => {
    const page = app.page
    const refund = page.locator('.tx-card--vat').getByRole('region', { name: 'VAT refund' })
    await refund.getByRole('button', { name: 'Withdraw the refund' }).click()
    await refund.getByText(/^The excess of PLN\s4,370\.00 is carried to the next period/).waitFor()
    const view = await call<{ refund: unknown }>(app.token, 'GET', `vat/refund/${LAST_MONTH}`)
    expect(view.refund).toBeNull()
  })
})
