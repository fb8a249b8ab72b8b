/**
 * The API documentation page (/api/docs) in real Chromium under the server's Content Security Policy: it renders
 * every operation with its summary and its answers, and the console shows no CSP violation or other error.
 */
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness.ts'
import { journey } from './steps.ts'

const app = journey()

describe('API documentation page', () => {
  it('renders every operation under the CSP with a clean console', async () => {
    const page = app.page
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
    })
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
    const res = await page.goto(`${app.server.url}/api/docs`)
    expect(res?.headers()['content-security-policy']).toMatch(/style-src 'self'/)
    await page.locator('.opblock').first().waitFor()
    const documented = (await (await fetch(`${app.server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const operations = Object.values(documented.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)
    expect(await page.locator('.opblock').count()).toBe(operations)
    const summaries = await page.locator('.opblock-summary-description').allTextContents()
    expect(summaries.filter((s) => s.trim() === '')).toEqual([])
    // One operation opened shows its answers: success and the documented errors.
    await page.locator('.opblock-summary', { hasText: '/api/account/login' }).click()
    await expect
      .poll(() => page.locator('.opblock.is-open .response-col_status').allTextContents())
      .toEqual(expect.arrayContaining(['200', '400', '401', '429']))
    await screenshot(page, 'api-docs')
    expect(problems).toEqual([])
  })
})
