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
    // The tags stand collapsed (swagger-ui stalled rendering every tag open at once past ~133 operations); each tag
    // opens to all of its operations.
    await page.locator('.opblock-tag').first().waitFor()
    const documented = (await (await fetch(`${app.server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    const perTag = new Map<string, number>()
    for (const ops of Object.values(documented.paths))
      for (const op of Object.values(ops)) {
        const tag = op.tags?.[0] ?? 'default'
        perTag.set(tag, (perTag.get(tag) ?? 0) + 1)
      }
    expect((await page.locator('.opblock-tag').allTextContents()).length).toBe(perTag.size)
    for (const [tag, count] of perTag) {
      const section = page.locator('.opblock-tag-section', { has: page.locator(`.opblock-tag[data-tag="${tag}"]`) })
      await page.locator(`.opblock-tag[data-tag="${tag}"]`).click()
      await expect.poll(() => section.locator('.opblock').count()).toBe(count)
      const summaries = await section.locator('.opblock-summary-description').allTextContents()
      expect(summaries.filter((s) => s.trim() === '')).toEqual([])
      if (tag !== 'account') await page.locator(`.opblock-tag[data-tag="${tag}"]`).click()
    }
    // One operation opened shows its answers: success and the documented errors.
    await page.locator('.opblock-summary', { hasText: '/api/account/login' }).click()
    await expect
      .poll(() => page.locator('.opblock.is-open .response-col_status').allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['200', '400', '401', '429']))
    await screenshot(page, 'api-docs')
    expect(problems).toEqual([])
  })
})
