// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright locators, not DOM nodes: innerText is the rendered text a user sees
/**
 * Browser journey of the first-run set-up in real Chromium against the real server, in Polish: a new user who
 * started the business two months ago logs in; Company, Taxes and ZUS open without a single 404 or error in the
 * console while nothing is recorded; home offers the set-up, the user goes through it with the keyboard (typing,
 * Enter, Tab to Dalej), saves, and reads what the first months owe; Settings opens the set-up again.
 */
import { addMonthsToMonth, dateInPoland } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'setup-user@example.com'
const USER_PASSWORD = 'User#2026x'
const START_MONTH = addMonthsToMonth(dateInPoland(new Date()).slice(0, 7), -2)
const START = `${START_MONTH}-10`

const app = journey({ user: { email: USER_EMAIL, password: USER_PASSWORD } })
const { call, tokenOf } = app

describe('first-run set-up', () => {
  it('opens Company, Taxes and ZUS on a first visit without a 404 or an error in the console', async () => {
    const page = app.page
    const notFound: string[] = []
    const errors: string[] = []
    const onResponse = (r: { status(): number; url(): string }) => void (r.status() === 404 && notFound.push(r.url()))
    const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && errors.push(m.text()))
    page.on('response', onResponse)
    page.on('console', onConsole)
    for (const path of [
      'companydashboard/company',
      'companydashboard/fees/taxes',
      'companydashboard/fees/socialsecurity',
    ]) {
      await page.goto(`${app.server.url}/${path}`)
      await page.waitForLoadState('networkidle')
    }
    page.off('response', onResponse)
    page.off('console', onConsole)
    expect(notFound).toEqual([])
    expect(errors).toEqual([])
    await page.goto(`${app.server.url}/`)
  })

  it('is offered to a new user, goes by keyboard, writes the settings and shows what the first months owe', async () => {
    const page = app.page
    await page.getByRole('link', { name: 'Rozpocznij konfigurację' }).click()
    await page.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' }).waitFor()
    await page.getByLabel('Nazwa firmy').fill('Kowalski IT')
    await page.getByLabel('NIP').fill('5260250274')
    await page.getByLabel('Imię').fill('Jan')
    await page.getByLabel('Nazwisko').fill('Kowalski')
    await page.getByLabel('Urząd skarbowy').fill('1471')
    await page.getByLabel('Data rozpoczęcia działalności').fill(START)
    await screenshot(page, 'setup-wizard-company')
    // A NIP whose check digit does not hold is warned of, as on the company page, with the way on anyway.
    await page.getByLabel('NIP').fill('1234567890')
    await page.keyboard.press('Enter')
    await page.getByText('Nieprawidłowa suma kontrolna NIP').waitFor()
    await page.getByLabel('Przejdź dalej mimo to').waitFor()
    await screenshot(page, 'setup-wizard-nip-warning')
    await page.getByLabel('NIP').fill('5260250274')
    await page.keyboard.press('Enter')
    // The next step's heading takes the focus, so a screen reader says where the user is.
    const vat = page.getByRole('heading', { name: 'Krok 2 z 5: VAT' })
    await vat.waitFor()
    expect(await vat.evaluate((h) => h === document.activeElement)).toBe(true)
    await page.getByLabel('Rozliczenie VAT').selectOption('1')
    // From a list the user tabs to Dalej and presses Enter.
    await page.getByLabel('Rozliczenie VAT').press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wstecz')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Krok 3 z 5: Podatek dochodowy' }).waitFor()
    await page.getByLabel(`Forma opodatkowania w ${START.slice(0, 4)} r.`).selectOption('Linear')
    await page.getByRole('button', { name: 'Dalej' }).press('Enter')
    await page.getByRole('heading', { name: 'Krok 4 z 5: Składki ZUS' }).waitFor()
    await page.getByLabel('Opłacane od').press('Enter')
    await page.getByRole('heading', { name: 'Krok 5 z 5: Podsumowanie' }).waitFor()
    await screenshot(page, 'setup-wizard-summary')
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).press('Enter')
    await page.getByRole('heading', { name: 'Co trzeba zapłacić za pierwsze miesiące' }).waitFor()
    // The start month's contributions fall due in the month after it.
    const second = page.getByRole('region', { name: addMonthsToMonth(START_MONTH, 1) })
    expect(await second.innerText()).toContain('Składki ZUS')
    await screenshot(page, 'setup-wizard-owed')

    // The settings are there, dated from the start.
    const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
    const pit = (await call(user, 'GET', 'fee/GetListByType/Pit')) as {
      dataObject: { date: string; taxType: string }
    }[]
    expect(pit.map((p) => [p.dataObject.date, p.dataObject.taxType])).toContainEqual([START, 'Linear'])
  })

  it('opens the set-up again from Settings', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/settings`)
    await page.getByRole('link', { name: 'Otwórz konfigurację' }).waitFor()
    await screenshot(page, 'setup-settings-reopen')
    await page.getByRole('link', { name: 'Otwórz konfigurację' }).click()
    await page.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' }).waitFor()
    // It starts from what is on file: the company, and the form of taxation chosen (linear), not the defaults; so
    // going through it unchanged writes no new setting.
    await page.getByLabel('Nazwa firmy').waitFor()
    await expect.poll(() => page.getByLabel('Nazwa firmy').inputValue()).toBe('Kowalski IT')
    const user = await tokenOf(USER_EMAIL, USER_PASSWORD)
    const settings = async () =>
      (
        await Promise.all(
          ['Vat', 'Pit', 'SocialSecurity'].map(
            async (t) => (await call(user, 'GET', `fee/GetListByType/${t}`)) as unknown[],
          ),
        )
      ).map((list) => list.length)
    const before = await settings()
    for (const step of ['Krok 2 z 5: VAT', 'Krok 3 z 5: Podatek dochodowy']) {
      await page.getByRole('button', { name: 'Dalej' }).click()
      await page.getByRole('heading', { name: step }).waitFor()
    }
    expect(await page.getByLabel(`Forma opodatkowania w ${START.slice(0, 4)} r.`).inputValue()).toBe('Linear')
    await page.getByRole('button', { name: 'Dalej' }).click()
    await page.getByRole('heading', { name: 'Krok 4 z 5: Składki ZUS' }).waitFor()
    expect(await page.getByLabel('Opłacane od').inputValue()).toBe(START)
    await page.getByRole('button', { name: 'Dalej' }).click()
    await page.getByRole('heading', { name: 'Krok 5 z 5: Podsumowanie' }).waitFor()
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click()
    await page.getByRole('heading', { name: 'Co trzeba zapłacić za pierwsze miesiące' }).waitFor()
    expect(await settings()).toEqual(before)
  })

  it('offers a new VAT setting only the rates of its year, zw with its legal basis and np', async () => {
    const page = app.page
    await page.goto(`${app.server.url}/companydashboard/fees/taxes`)
    const vat = page.locator('section').filter({ has: page.getByRole('heading', { name: 'VAT — ustawienie bieżące' }) })
    await vat.getByRole('button', { name: 'Nowe ustawienie' }).click()
    const rate = vat.getByLabel('Stawka VAT')
    const values = await rate.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(values.filter((v) => v !== '')).toEqual(['23', '8', '5', '0', 'zw', 'np'])
    await rate.selectOption('zw')
    await vat.getByLabel('Podstawa prawna zwolnienia').selectOption('art43')
    await screenshot(page, 'settings-vat-zw')
  })
})
