/**
 * Golden tests: each `golden/*.json` is a worked example (arithmetic explained step by step in `steps`, worked from
 * the law rather than from this code). The engine's result must match every figure listed under `expect`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatMoney, parseMoney } from '../money.ts'
import {
  type CompanyFacts,
  computeTaxes,
  type MonthFigures,
  monthFiguresFromItems,
  type PitSettingInput,
  type SocialSecuritySettingInput,
  type TaxItem,
  type VatSettingInput,
} from './engine.ts'

interface Fixture {
  name: string
  input: {
    company?: CompanyFacts
    months?: {
      month: string
      companyRevenue: string
      companyCosts: string
      outputVat: string
      inputVat: string
      /** Revenue by ryczałt rate (`null`: the setting's rate); absent: all at the setting's rate. */
      flatRevenue?: { rate: string | null; amount: string }[]
    }[]
    items?: (Omit<TaxItem, 'amount'> & { amount: string })[]
    from?: string
    to?: string
    vat: VatSettingInput[]
    pit: PitSettingInput[]
    socialSecurity: SocialSecuritySettingInput[]
  }
  steps: string[]
  expect: {
    months?: Record<string, unknown>[]
    contributions?: Record<string, unknown>[]
    vat?: Record<string, unknown>[]
    pit?: Record<string, unknown>[]
    /** The annual returns (`annual.ts`), matched in order when given. */
    annual?: Record<string, unknown>[]
    /** The annual health settlements, matched in order when given. */
    healthSettlements?: Record<string, unknown>[]
    /** The monthly obligations (VAT, PIT advances, ZUS), exactly (year-end fixtures may leave them out). */
    obligations?: Record<string, unknown>[]
    /** The year-end obligations (`PITAnnual`, `HealthAnnual`), exactly, when given. */
    annualObligations?: Record<string, unknown>[]
  }
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'golden')
const files = readdirSync(dir).filter((f) => f.endsWith('.json'))

/** bigint grosze → "1234.50", recursively, so fixtures read as money strings. */
const plain = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? formatMoney(v) : v)))

const monthsOf = (f: Fixture): MonthFigures[] => {
  if (f.input.items) {
    const items = f.input.items.map((i) => ({ ...i, amount: parseMoney(i.amount) }))
    return monthFiguresFromItems(items, f.input.vat, f.input.from!, f.input.to!)
  }
  return f.input.months!.map((m) => ({
    month: m.month,
    companyRevenue: parseMoney(m.companyRevenue),
    companyCosts: parseMoney(m.companyCosts),
    outputVat: parseMoney(m.outputVat),
    inputVat: parseMoney(m.inputVat),
    ...(m.flatRevenue
      ? { flatRevenue: m.flatRevenue.map((r) => ({ rate: r.rate, amount: parseMoney(r.amount) })) }
      : {}),
  }))
}

describe('golden tax scenarios', () => {
  it('has at least the required scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(10)
  })
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture
    it(`${file}: ${fixture.name}`, () => {
      expect(fixture.steps.length).toBeGreaterThan(0)
      const months = monthsOf(fixture)
      const result = computeTaxes({
        months,
        vat: fixture.input.vat,
        pit: fixture.input.pit,
        socialSecurity: fixture.input.socialSecurity,
        ...(fixture.input.company ? { company: fixture.input.company } : {}),
      })
      if (fixture.expect.months) expect(plain(months)).toMatchObject(fixture.expect.months)
      if (fixture.expect.contributions) expect(plain(result.contributions)).toMatchObject(fixture.expect.contributions)
      if (fixture.expect.vat) expect(plain(result.vat)).toMatchObject(fixture.expect.vat)
      if (fixture.expect.pit) expect(plain(result.pit)).toMatchObject(fixture.expect.pit)
      if (fixture.expect.annual) expect(plain(result.annual)).toMatchObject(fixture.expect.annual)
      if (fixture.expect.healthSettlements)
        expect(plain(result.healthSettlements)).toMatchObject(fixture.expect.healthSettlements)
      const obligations = result.obligations.map(
        ({ kind, periodFrom, periodTo, amount, statutoryDueDate, dueDate }) => ({
          kind,
          periodFrom,
          periodTo,
          amount: formatMoney(amount),
          statutoryDueDate,
          dueDate,
        }),
      )
      const yearEnd = (o: { kind: string }) => o.kind === 'PITAnnual' || o.kind === 'HealthAnnual'
      if (fixture.expect.obligations) expect(obligations.filter((o) => !yearEnd(o))).toEqual(fixture.expect.obligations)
      else expect(fixture.expect.annualObligations).toBeDefined()
      if (fixture.expect.annualObligations)
        expect(obligations.filter(yearEnd)).toEqual(fixture.expect.annualObligations)
    })
  }
})
