// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { features } from '../../lingui.config.ts'
import { poEntries } from '../test/po.ts'

/**
 * The strict check behind "every user-facing string is translated": the messages are extracted afresh from the
 * sources (into a temporary folder, the committed catalogs untouched) and each one must have a Polish translation
 * in the committed catalog of its folder. A string added to the code without `npm run extract -w @finance/web`
 * and a translation fails here, instead of showing English in the Polish UI.
 */
const web = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'finance-lingui-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const committed = (catalog: string) =>
  catalog === 'app'
    ? join(web, 'src/locales/pl/messages.po')
    : join(web, `src/features/${catalog}/locales/pl/messages.po`)

describe('catalogs are complete', () => {
  it('checks every feature folder that keeps its own catalog', () => {
    const withCatalogs = readdirSync(join(web, 'src/features')).filter((f) =>
      existsSync(join(web, 'src/features', f, 'locales')),
    )
    expect([...withCatalogs].sort()).toEqual([...features].sort())
  })

  it('every message in the sources has a Polish translation in its catalog', { timeout: 120_000 }, () => {
    const config = join(out, 'lingui.config.js')
    const src = join(web, 'src')
    writeFileSync(
      config,
      `export default ${JSON.stringify({
        rootDir: web,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [
          {
            path: join(out, 'app/{locale}/messages'),
            include: [src],
            exclude: features.map((f) => join(src, 'features', f, '**')),
          },
          ...features.map((f) => ({ path: join(out, f, '{locale}/messages'), include: [join(src, 'features', f)] })),
        ],
      })}\n`,
    )
    execFileSync(join(web, '../../node_modules/.bin/lingui'), ['extract', '--config', config], {
      cwd: web,
      stdio: 'pipe',
    })
    const untranslated: string[] = []
    for (const catalog of ['app', ...features]) {
      const fresh = poEntries(readFileSync(join(out, catalog, 'en/messages.po'), 'utf8')).map((e) => e.id)
      const polish = new Map(poEntries(readFileSync(committed(catalog), 'utf8')).map((e) => [e.id, e.str]))
      for (const id of fresh) if (!polish.get(id)?.trim()) untranslated.push(`${catalog}: ${id}`)
    }
    expect(untranslated, 'run npm run extract -w @finance/web and translate the new messages').toEqual([])
  })
})
