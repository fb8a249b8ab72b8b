/**
 * The modules the CLI's read paths load must not load the Schema library (Effect: hundreds of modules, most of a
 * report's start-up time). Checked in a fresh Node process that records every module it loads.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The URLs of the Effect modules a fresh process loads while importing `specifiers`. */
const effectModulesLoadedBy = (specifiers: readonly string[]): string[] => {
  const script = `
    import { registerHooks } from 'node:module'
    const loaded = []
    registerHooks({ load(url, context, next) { if (url.includes('/node_modules/effect/')) loaded.push(url); return next(url, context) } })
    for (const s of ${JSON.stringify(specifiers)}) await import(s)
    process.stdout.write(JSON.stringify(loaded))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as string[]
}

describe('start-up weight', () => {
  it('a report, an export and a replay load no Schema library', () => {
    expect(
      effectModulesLoadedBy([
        './packages/cli/src/cli.ts',
        './packages/cli/src/commands/report.ts',
        './packages/cli/src/commands/export.ts',
        './packages/cli/src/render/transactions.ts',
        './packages/cli/src/render/journal.ts',
        './packages/cli/src/replay/fold.ts',
        './packages/cli/src/store.ts',
        '@finance/books',
        '@finance/ledger-core/light',
        '@finance/ledger-core/calendar',
        '@finance/ledger-core/replay',
        '@finance/tax-files',
      ]),
    ).toEqual([])
  })

  it('the check itself sees the Schema library when it is loaded', () => {
    expect(effectModulesLoadedBy(['@finance/ledger-core']).length).toBeGreaterThan(100)
  })
})
