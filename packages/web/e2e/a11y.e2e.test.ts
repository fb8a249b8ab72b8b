/**
 * Accessibility check of every main screen in real Chromium: axe-core (the rules behind most accessibility
 * auditors) runs on each page once it has loaded its data, logged out and as an ADMIN with some books, and the
 * journey fails on any violation, listing the rule and the elements.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, seeder, settle } from './harness.ts'
import { journey } from './steps.ts'

const app = journey({ seed })

async function seed() {
  const { call, tokenOf } = app
  const books = seeder(call, await tokenOf(ADMIN_EMAIL, ADMIN_PASSWORD))
  await books.vat('2026-01-01')
  await books.recurringIncome('2026-01-10', 'Work', '1000', 24)
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** Loads `path`, waits for its data (no loader left), injects axe (through the debugger: the CSP forbids inline scripts) and runs it. */
const audit = async (page: Page, path: string): Promise<Violation[]> => {
  await page.goto(`${app.server.url}${path}`)
  await settle(page)
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return (
      result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    ).map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

describe('accessibility (axe-core) of the main screens', () => {
  it('the login page, logged out', async () => {
    expect(await audit(app.page, '/user/login')).toEqual([])
  })

  it('every screen of a logged-in ADMIN', async () => {
    const page = app.page
    await login(page, app.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const found: Record<string, Violation[]> = {}
    for (const path of [
      '/',
      '/companydashboard/company',
      '/companydashboard/fees/taxes',
      '/companydashboard/fees/socialsecurity',
      '/companydashboard/fees/fixed',
      '/companydashboard/revenues/recurring',
      '/companydashboard/books',
      '/companydashboard/invoices',
      '/companydashboard/invoices/counterparties',
      '/companydashboard/invoices/series',
      '/companydashboard/ksef',
      '/dashboard/monthly',
      '/dashboard/yearly',
      '/settings',
      '/logs',
      '/user/register',
      '/user/changepassword',
    ]) {
      const violations = await audit(page, path)
      if (violations.length > 0) found[path] = violations
    }
    expect(found).toEqual({})
  })
})
