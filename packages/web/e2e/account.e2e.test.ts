import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, REGISTRATION_KEY, readOutbox, screenshot } from './harness.ts'
import { journey } from './steps.ts'

const USER_EMAIL = 'jan.kowalski@example.com'
const USER_PASSWORD = 'User#2026a'
const CHANGED_PASSWORD = 'Changed#2026b'
const RESET_PASSWORD = 'Reset#2026c'

const app = journey()

const text = async (page: Page) => (await page.locator('main').textContent()) ?? ''

describe('account journey in Chromium against the real server', () => {
  it('shows the 404 page for an unknown path, in Polish by default', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/no/such/page`)
    await page.getByRole('alert').filter({ hasText: 'Nie znaleziono strony' }).waitFor()
    expect(await text(page)).toContain('Błąd 404')
    expect(await page.evaluate(() => document.body.className)).toBe('light')
    await screenshot(page, 'not-found-pl')
    await page.goto(`${app.server.url}/`)
    await page.getByRole('heading', { name: 'Finance' }).waitFor()
    await screenshot(page, 'home-logged-out')
    await page.goto(`${app.server.url}/user/login`)
    await page.getByRole('heading', { name: 'Logowanie' }).waitFor()
    await screenshot(page, 'login')
  })

  it('lets the first ADMIN log in and register a user', async () => {
    const { page } = app
    await login(page, app.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.getByRole('link', { name: 'Rejestracja' }).first().waitFor()
    await screenshot(page, 'home-admin')

    await page.goto(`${app.server.url}/user/register`)
    await page.getByLabel('E-mail').fill(USER_EMAIL)
    await page.getByLabel('Hasło', { exact: true }).fill(USER_PASSWORD)
    await page.getByLabel('Potwierdź hasło').fill(USER_PASSWORD)
    await page.getByLabel('Rola').selectOption('1')
    await page.getByLabel('Klucz').fill(REGISTRATION_KEY)
    await screenshot(page, 'register')
    await page.locator('form button[type=submit]').click()
    await page.getByRole('status').filter({ hasText: 'Użytkownik zarejestrowany' }).waitFor()

    // The menu opens from the keyboard and shows the ADMIN-only items.
    await page.locator('.header__menu-button').focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Menu' })
    await menu.getByRole('link', { name: 'Logi' }).waitFor()
    await screenshot(page, 'menu-admin')
    await page.keyboard.press('Escape')

    const token = await page.evaluate(() => localStorage.getItem('site token'))
    await page.goto(`${app.server.url}/user/logout`)
    await page.getByText('Proszę czekać…').waitFor()
    await screenshot(page, 'logout-wait')
    await page.getByText('Użytkownik wylogowany').waitFor()
    await screenshot(page, 'logout-done')
    await page.waitForURL(`${app.server.url}/user/login`, { timeout: 5000 })
    expect(await page.evaluate(() => localStorage.getItem('site token'))).toBeNull()
    // The server ended the session too: the token kept from before the logout is refused.
    const status = await page.evaluate(
      async (t) => (await fetch('/api/fee/GetListByType/Vat', { headers: { authorization: `Bearer ${t}` } })).status,
      token,
    )
    expect(status).toBe(401)
  })

  it('lets the user log in, switch to English and dark mode, and keeps both across a reload', async () => {
    const { page } = app
    await login(page, app.server.url, USER_EMAIL, USER_PASSWORD)
    expect(await page.evaluate(() => localStorage.getItem('site role'))).toBe('1')
    await screenshot(page, 'home-user')
    await page.goto(`${app.server.url}/user`)
    await page.getByRole('heading', { name: 'Użytkownik', level: 1 }).waitFor()
    await screenshot(page, 'user-home')

    await page.goto(`${app.server.url}/settings`)
    await page.getByTestId('settings-user').filter({ hasText: USER_EMAIL }).waitFor()
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.getByLabel('Dark').check()
    expect(await page.evaluate(() => document.body.className)).toBe('dark')
    await page.reload()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    expect(await page.evaluate(() => document.body.className)).toBe('dark')
    expect(await page.evaluate(() => localStorage.getItem('site mode'))).toBe('dark')
    const cookies = await app.context.cookies()
    expect(cookies.find((c) => c.name === 'finance_lang')?.value).toBe('en')
    expect(await page.getByTestId('settings-db').textContent()).not.toBe('—')
    expect(await page.getByTestId('settings-size').textContent()).toMatch(/kB$/)

    // Extend the session: the valid-until time moves forward.
    const before = await page.getByTestId('session-valid-until').textContent()
    await page.waitForTimeout(1100)
    await page.getByRole('button', { name: 'Extend the session' }).click()
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid=session-valid-until]')?.textContent !== prev,
      before,
    )
    await screenshot(page, 'settings-en-dark')
  })

  it('shows the permission error to a USER opening /logs', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/logs`)
    await page.getByRole('alert').filter({ hasText: "You don't have permision to access this content." }).waitFor()
    expect(await text(page)).toContain('You have USER role. You need ADMIN role.')
    await page.waitForURL(`${app.server.url}/error`)
    await screenshot(page, 'error-permission')
  })

  it('lets the user change the password and log out', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/user/changepassword`)
    await page.getByRole('heading', { name: USER_EMAIL }).waitFor()
    // Enter in a filled old-password field moves on instead of submitting.
    await page.getByLabel('Old password').fill(USER_PASSWORD)
    await page.getByLabel('Old password').press('Enter')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('new-password')
    await page.getByLabel('New password').fill(CHANGED_PASSWORD)
    await page.getByLabel('Confirm password').fill(CHANGED_PASSWORD)
    await screenshot(page, 'change-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor()

    await page.goto(`${app.server.url}/user/logout`)
    await page.waitForURL(`${app.server.url}/user/login`, { timeout: 5000 })
  })

  it('resets the password through the e-mailed link and logs in with it', async () => {
    const { page } = app
    // A wrong password is rejected and the password field cleared.
    await page.getByLabel('Email').fill(USER_EMAIL)
    await page.getByLabel('Password').fill(USER_PASSWORD)
    await page.locator('form button[type=submit]').click()
    await page.locator('.form-errors').waitFor()
    expect(await page.getByLabel('Password').inputValue()).toBe('')
    await screenshot(page, 'login-failed')

    await page.getByRole('link', { name: 'Reset password' }).click()
    await page.waitForURL(`${app.server.url}/user/resetpassword`)
    // The page's code loads after the address changes: until its form shows, "Email" is still the login form's.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await page.getByLabel('Email').fill(USER_EMAIL)
    await screenshot(page, 'reset-request')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.getByText('Check your email inbox, we sent you a reset password link').waitFor()
    await page.waitForURL(`${app.server.url}/confirmation`)
    await screenshot(page, 'reset-requested')

    let link: string | undefined
    for (let i = 0; i < 50 && !link; i++) {
      try {
        link = readOutbox(app.server.dataDir).links.find((l) => l.includes('/user/resetpasswordconfirmed'))
      } catch {
        // the outbox is written just after the answer
      }
      if (!link) await page.waitForTimeout(100)
    }
    expect(link).toBeDefined()
    await page.goto(link ?? '')
    await page.getByRole('heading', { name: 'Reset password for user' }).waitFor()
    await page.waitForURL(`${app.server.url}/user/resetpasswordconfirmed`)
    await page.getByLabel('New password').fill(RESET_PASSWORD)
    await page.getByLabel('Confirm password').fill(RESET_PASSWORD)
    await screenshot(page, 'reset-confirmed')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.getByText('Reset password completed').waitFor()
    expect(await text(page)).toContain('You can go to the login page')
    await screenshot(page, 'reset-completed')
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click()

    await page.getByLabel('Email').fill(USER_EMAIL)
    await page.getByLabel('Password').fill(RESET_PASSWORD)
    await page.locator('form button[type=submit]').click()
    await page.waitForURL(`${app.server.url}/`)
    await page.getByRole('heading', { name: 'Finance' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('site token'))).not.toBeNull()
  })

  it('redirects once from a landing address with a route parameter', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/?route=settings&x=1`)
    await page.waitForURL(`${app.server.url}/settings?x=1`)
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
  })

  it('shows the accept page with the server message and a clean address', async () => {
    const { page } = app
    await page.goto(`${app.server.url}/accept?key=not-a-real-key`)
    await page.waitForURL(`${app.server.url}/accept`)
    await page.locator('main [role=status]').waitFor()
    expect(await page.locator('main [role=status]').textContent()).toMatch(/\S/)
    await screenshot(page, 'accept')
  })
})
