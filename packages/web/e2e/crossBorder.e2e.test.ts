/**
 * VAT across borders on the item form in Chromium, Polish: a licence bought from Ireland is entered as an import of
 * services, the form shows what that means, and the item is saved with its kind and percent (its output and input
 * tax in the register: docs/tax-rules.md §15.1).
 * Screenshots at 1280 and 400 px in test-output/screenshots (item-cross-border-*.png).
 */
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
} from './harness.ts'

const USER_EMAIL = 'abroad-user@example.com'
const USER_PASSWORD = 'User#2026x'

let server: RunningServer
let browser: LaunchedBrowser
const { call, tokenOf } = journeyApi(() => server)

beforeAll(async () => {
  server = await startServer()
  const admin = await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD)
  await call(admin, 'POST', 'account/register', {
    email: USER_EMAIL,
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    appRole: 'USER',
    key: REGISTRATION_KEY,
    url: `${server.url}/user/login`,
    language: 'pl',
  })
  const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
  await call(user, 'POST', 'fee', {
    dataType: 'Vat',
    dataObject: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
  })
  browser = await launchBrowser()
  await login(browser.page, server.url, USER_EMAIL, USER_PASSWORD)
})

screenshotOnFailure(() => browser)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a purchase from abroad', () => {
  it('is entered as an import of services with its hint and self-assessed in the VAT register', async () => {
    const page = browser.page
    await page.goto(`${server.url}/companydashboard/fees/fixed`)
    const form = page.getByRole('form', { name: 'Dodaj wydatek jednorazowy' })
    await form.getByLabel('Data *').fill('2026-03-05')
    await form.getByLabel('Nazwa *').fill('Licencja')
    await form.getByLabel('Kwota *').fill('1000')
    await form.getByLabel('Wydatek firmowy').check()
    await form.getByText('Więcej szczegółów (księga podatkowa)').click()
    await form.getByLabel('Zakup z zagranicy').selectOption('importServices')
    await expect.poll(() => form.textContent()).toContain('VAT rozliczasz sam według stawki powyżej')
    await screenshot(page, 'item-cross-border')
    await form.getByRole('button', { name: 'Dodaj wydatek jednorazowy' }).click()
    const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
    await expect.poll(async () => ((await call(user, 'GET', 'fee/GetListByType/Expense')) as unknown[]).length).toBe(1)
    const items = (await call(user, 'GET', 'fee/GetListByType/Expense')) as { dataObject: Record<string, unknown> }[]
    expect(items[0]!.dataObject).toMatchObject({ crossBorder: 'importServices', amount: '1000.00', percent: '23' })
  })
})
