/** `finance report annual`: mały ZUS plus says its change in a year as it says the month's, an amount less or more. */
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

describe('report annual: mały ZUS plus', () => {
  it('gives the year’s change as an amount less in a year, beside the month’s (en, pl)', async () => {
    const s = await seedScenario()
    const en = await run(['report', 'annual', '2025', '--user', ANNA, '--lang', 'en'], { store: s.store })
    expect(en.stdout).toContain('PLN 1,317.78 less a month\n')
    expect(en.stdout).toContain(
      '\nPLN 15,813.36 less in a year (social contributions; the tax and health follow them)\n',
    )
    expect(en.stdout).not.toContain('Change in a year')
    const pl = await run(['report', 'annual', '2025', '--user', ANNA], { store: s.store })
    expect(pl.stdout).toContain('1317,78 zł mniej miesięcznie\n')
    expect(pl.stdout).toContain('\n15\u00a0813,36 zł mniej w roku (składki społeczne;')
  })
})
