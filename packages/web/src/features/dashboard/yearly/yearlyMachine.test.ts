import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { fixtureSummary } from '../fixtures.ts'
import { type YearData, yearlyMachine } from './yearlyMachine.ts'

const start = (load: (input: { year: number }) => Promise<YearData>) => {
  const loadYear = vi.fn(load)
  const actor = createActor(
    yearlyMachine.provide({ actors: { loadYear: fromPromise(({ input }) => loadYear(input)) } }),
    {
      input: { year: 2026 },
    },
  )
  const errors: string[] = []
  actor.on('connectionError', (e) => errors.push(e.type))
  actor.start()
  return { actor, loadYear, errors }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches('ready') || s.matches('failed'))

const ok = async ({ year }: { year: number }) => ({
  monthly: fixtureSummary(false, year),
  increasing: fixtureSummary(true, year),
})

describe('yearly dashboard machine', () => {
  it('loads both summary lists of the year', async () => {
    const { actor, loadYear } = start(ok)
    const s = await settled(actor)
    expect(loadYear).toHaveBeenCalledWith({ year: 2026 })
    expect(s.context.monthly).toHaveLength(13)
    expect(s.context.increasing[11]!.companyIncomeAmmount).toBe(s.context.increasing[12]!.companyIncomeAmmount)
  })

  it('navigates years and comes back to this year', async () => {
    const { actor, loadYear } = start(ok)
    await settled(actor)
    actor.send({ type: 'PREV' })
    await settled(actor)
    actor.send({ type: 'PREV' })
    await settled(actor)
    expect(actor.getSnapshot().context.year).toBe(2024)
    actor.send({ type: 'THIS_YEAR' })
    await settled(actor)
    actor.send({ type: 'NEXT' })
    const s = await settled(actor)
    expect(s.context.year).toBe(2027)
    expect(loadYear.mock.calls.map((c) => c[0].year)).toEqual([2026, 2025, 2024, 2026, 2027])
  })

  it('empties the bars and reports an error when the API fails', async () => {
    let fail = false
    const { actor, errors } = start(async (i) => {
      if (fail) throw Object.assign(new Error('down'), { status: 0 })
      return ok(i)
    })
    await settled(actor)
    expect(actor.getSnapshot().context.monthly).toHaveLength(13)
    fail = true
    actor.send({ type: 'NEXT' })
    const s = await waitFor(actor, (x) => x.matches('failed'))
    expect(s.context.monthly).toEqual([])
    expect(s.context.increasing).toEqual([])
    expect(errors).toEqual(['connectionError'])
  })

  it('opens and closes the month popup, and closes it on year change', async () => {
    const { actor } = start(ok)
    await settled(actor)
    actor.send({ type: 'SELECT_MONTH', chart: 'increasing', month: 4 })
    expect(actor.getSnapshot().context.selected).toEqual({ chart: 'increasing', month: 4 })
    actor.send({ type: 'CLOSE_MONTH' })
    expect(actor.getSnapshot().context.selected).toBeNull()
    actor.send({ type: 'SELECT_MONTH', chart: 'monthly', month: 2 })
    actor.send({ type: 'NEXT' })
    expect(actor.getSnapshot().context.selected).toBeNull()
  })
})
