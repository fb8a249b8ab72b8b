/**
 * Golden scenarios: each `*.json` beside this file is a worked example. Its commands go through the decider, the
 * resulting events are serialised as the store keeps them and replayed, and the projections must produce the
 * figures written in the fixture, whose `why` fields explain each step of the arithmetic.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { serializeEvent } from '../eventCodec.ts'
import { monthTransactions } from '../projections/month.ts'
import { obligations } from '../projections/obligations.ts'
import { summaryList } from '../projections/summary.ts'
import { replay } from '../replay.ts'
import { type CommandInput, runCommands } from '../testing/given.ts'

interface RowCheck {
  eventType: string
  displayName: string
  amount: string
  date?: string
  percent?: string
  paymentInterval?: number
  period?: { from: string; to: string }
  breakdown?: Record<string, string>
  why: string
}
type Check =
  | { month: string; today: string; rows: RowCheck[]; onlyTypes?: string[]; why?: string }
  | { obligations: { year: number; today: string }; kinds?: string[]; expect: Record<string, unknown>[]; why?: string }
  | { summary: { year: number; cumulative: boolean }; rows: Record<string, unknown>[]; why?: string }

interface Scenario {
  name: string
  description: string
  commands: CommandInput[]
  checks: Check[]
}

const dir = fileURLToPath(new URL('.', import.meta.url))
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()

describe('golden scenarios', () => {
  it('there are at least 12', () => expect(files.length).toBeGreaterThanOrEqual(12))

  for (const file of files) {
    const scenario = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Scenario
    it(`${file}: ${scenario.name}`, () => {
      const { events } = runCommands(scenario.commands)
      const stored = events.map((e) => JSON.parse(JSON.stringify(serializeEvent(e))))
      const state = replay(stored)
      for (const check of scenario.checks) {
        if ('month' in check) {
          const rows = monthTransactions(state, check.month, check.today)
          const types = check.onlyTypes ?? [...new Set(check.rows.map((r) => r.eventType))]
          const actual = rows
            .filter((r) => types.includes(r.eventType))
            .map((r) => {
              const want = check.rows.find(
                (w) => w.eventType === r.eventType && w.displayName === r.dataObject.displayName,
              )
              return {
                eventType: r.eventType,
                displayName: r.dataObject.displayName,
                amount: r.dataObject.amount,
                ...(want?.date !== undefined ? { date: r.date } : {}),
                ...(want?.percent !== undefined ? { percent: r.dataObject.percent } : {}),
                ...(want?.paymentInterval !== undefined ? { paymentInterval: r.dataObject.paymentInterval } : {}),
                ...(want?.period !== undefined ? { period: r.dataObject.period } : {}),
                ...(want?.breakdown !== undefined
                  ? {
                      breakdown: Object.fromEntries(
                        Object.keys(want.breakdown).map((k) => [k, r.dataObject.breakdown?.[k]]),
                      ),
                    }
                  : {}),
              }
            })
          const expected = check.rows.map(({ why: _why, ...rest }) => rest)
          expect(actual, `${file} ${check.month}`).toEqual(expected)
        } else if ('obligations' in check) {
          const list = obligations(state, check.obligations).filter((o) => !check.kinds || check.kinds.includes(o.kind))
          const keys = Object.keys(check.expect[0] ?? { kind: 1 }).filter((k) => k !== 'why')
          const actual = list.map((o) => Object.fromEntries(keys.map((k) => [k, o[k as keyof typeof o]])))
          expect(actual, `${file} obligations`).toEqual(check.expect.map(({ why: _why, ...rest }) => rest))
        } else {
          const rows = summaryList(state, check.summary.year, check.summary.cumulative)
          for (const want of check.rows) {
            const { why: _why, ...fields } = want
            const got = rows.find((r) => r.month === fields.month)!
            expect(
              Object.fromEntries(Object.keys(fields).map((k) => [k, got[k as keyof typeof got]])),
              `${file} summary month ${String(fields.month)}`,
            ).toEqual(fields)
          }
        }
      }
    })
  }
})
