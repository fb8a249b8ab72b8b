/**
 * The package boundaries of docs/architecture.md, checked on every import of the repository: a package is imported
 * only through the entries its `package.json` `exports` names (no `@finance/x/src/…` or `@finance/x/some/file.ts`),
 * a relative import never leaves its package, a package imports only the workspace packages it declares and the
 * layers point one way (the CLI never imports the API; the web app imports only the core's main and format entries), the
 * core's main entry stays browser-safe (no Node module in its graph), and no package has an import cycle between
 * its own modules.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../', import.meta.url))
const packagesDir = join(root, 'packages')

interface Pkg {
  readonly dir: string
  readonly name: string
  readonly entries: ReadonlySet<string>
  readonly declared: ReadonlySet<string>
}

const packages: Pkg[] = readdirSync(packagesDir).map((d) => {
  const json = JSON.parse(readFileSync(join(packagesDir, d, 'package.json'), 'utf8')) as {
    name: string
    exports?: Record<string, string>
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const entries = Object.keys(json.exports ?? {}).map((k) => (k === '.' ? json.name : `${json.name}/${k.slice(2)}`))
  const declared = Object.keys({ ...json.dependencies, ...json.devDependencies }).filter((n) =>
    n.startsWith('@finance/'),
  )
  return { dir: join(packagesDir, d), name: json.name, entries: new Set(entries), declared: new Set(declared) }
})
const byName = new Map(packages.map((p) => [p.name, p]))

/** Which workspace packages each package may import: the layering of docs/architecture.md. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  '@finance/ledger-core': [],
  '@finance/event-store': [],
  '@finance/tax-files': ['@finance/ledger-core'],
  '@finance/ksef': ['@finance/ledger-core', '@finance/tax-files'],
  '@finance/books': ['@finance/ledger-core', '@finance/event-store', '@finance/tax-files', '@finance/ksef'],
  '@finance/api': [
    '@finance/ledger-core',
    '@finance/event-store',
    '@finance/tax-files',
    '@finance/books',
    '@finance/ksef',
  ],
  '@finance/cli': [
    '@finance/ledger-core',
    '@finance/event-store',
    '@finance/tax-files',
    '@finance/books',
    '@finance/ksef',
  ],
  '@finance/web': ['@finance/ledger-core'],
}
/** Entries a package may use where it may not use them all: the web app only the browser-safe main and formatting entries. */
const ONLY_ENTRIES: Readonly<Record<string, readonly string[]>> = {
  '@finance/web': ['@finance/ledger-core', '@finance/ledger-core/format'],
}
/**
 * The web app's browser journeys (`packages/web/e2e/`) run in Node and drive the real server: besides the core they
 * may use the test entries that build inputs (declared as devDependencies of the web package).
 */
const E2E_ENTRIES: readonly string[] = [
  '@finance/ledger-core',
  '@finance/ledger-core/testing',
  '@finance/tax-files/testing',
  '@finance/ksef/testing',
]
const isJourney = (pkg: Pkg, file: string) => pkg.name === '@finance/web' && file.startsWith(join(pkg.dir, 'e2e') + sep)

const SKIP_DIRS = new Set(['node_modules', 'dist', 'storybook-static', 'coverage', 'test-output', 'data'])
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) || e.name.startsWith('.') ? [] : sourceFiles(join(dir, e.name))
    return /\.(ts|tsx|mts|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : []
  })

interface ImportRef {
  readonly specifier: string
  readonly line: number
}

/** Every module specifier of a source text: static imports and re-exports, side-effect imports, `import()`. */
function importsOf(text: string): ImportRef[] {
  const found: ImportRef[] = []
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`$]+)['"`]\s*\)/g,
  ]
  for (const pattern of patterns)
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split('\n').length
      found.push({ specifier: m[1] as string, line })
    }
  return found.sort((a, b) => a.line - b.line)
}

/** The workspace package a specifier names, if any (`@finance/books` for `@finance/books/x`). */
const packageOf = (specifier: string) => {
  const m = /^(@finance\/[^/]+)/.exec(specifier)
  return m ? m[1] : undefined
}

interface Violation {
  readonly where: string
  readonly specifier: string
  readonly why: string
}

/** For a rule's self-check: the reasons `check` gives for a module at `path` (under `dir`) whose text is `text`. */
const plantedIn =
  (dir: string, check: (file: string, text: string) => Violation[]) =>
  (path: string, text: string): string[] =>
    check(join(dir, ...path.split('/')), text).map((v) => v.why)

/** The relative imports of `file` that `why` refuses: it gets the imported path and says why, or `null` to allow. */
const refusedImports = (file: string, text: string, why: (target: string) => string | null): Violation[] =>
  importsOf(text).flatMap(({ specifier, line }) => {
    if (!specifier.startsWith('.')) return []
    const reason = why(resolve(dirname(file), specifier))
    return reason === null ? [] : [{ where: `${relative(root, file)}:${line}`, specifier, why: reason }]
  })

/** The boundary violations of one file of package `pkg`. */
function violationsOf(pkg: Pkg, file: string, text: string): Violation[] {
  const out: Violation[] = []
  for (const { specifier, line } of importsOf(text)) {
    const where = `${relative(root, file)}:${line}`
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier)
      const inside = (dir: string) => target === dir || target.startsWith(dir + sep)
      // Storybook's configuration of the web app lives at the root, where Storybook looks for it.
      const storybook = pkg.name === '@finance/web' && inside(join(root, '.storybook'))
      if (!inside(pkg.dir) && !storybook) out.push({ where, specifier, why: 'a relative import leaves its package' })
      continue
    }
    const name = packageOf(specifier)
    if (name === undefined) continue
    if (name === pkg.name) {
      out.push({ where, specifier, why: 'a package imports its own files by relative path, not by its name' })
      continue
    }
    const target = byName.get(name)
    const journey = isJourney(pkg, file)
    if (!target) out.push({ where, specifier, why: 'no such workspace package' })
    else if (journey && E2E_ENTRIES.includes(specifier)) {
      if (!pkg.declared.has(name)) out.push({ where, specifier, why: `${name} is not declared in package.json` })
    } else if (!(ALLOWED[pkg.name] ?? []).includes(name))
      out.push({ where, specifier, why: `${pkg.name} may not depend on ${name}` })
    else if (!target.entries.has(specifier))
      out.push({ where, specifier, why: `not an entry of ${name} (entries: ${[...target.entries].join(', ')})` })
    else if (!pkg.declared.has(name)) out.push({ where, specifier, why: `${name} is not declared in package.json` })
    else if (ONLY_ENTRIES[pkg.name] && !ONLY_ENTRIES[pkg.name]?.includes(specifier))
      out.push({ where, specifier, why: `${pkg.name} may use only ${ONLY_ENTRIES[pkg.name]?.join(', ')}` })
  }
  return out
}

const pkg = (name: string) => byName.get(name) as Pkg

describe('package boundaries', () => {
  it('every package is in the layering', () => {
    expect(packages.map((p) => p.name).sort()).toEqual(Object.keys(ALLOWED).sort())
  })

  it('imports go through the front doors, one way', () => {
    const scanned = packages.flatMap((p) => sourceFiles(p.dir).map((f) => ({ p, f, text: readFileSync(f, 'utf8') })))
    // The scan sees the repository: hundreds of files, and their imports of one another's entries.
    expect(scanned.length).toBeGreaterThan(300)
    expect(
      scanned.flatMap(({ text }) => importsOf(text)).filter((i) => i.specifier.startsWith('@finance/')).length,
    ).toBeGreaterThan(100)
    expect(scanned.flatMap(({ p, f, text }) => violationsOf(p, f, text))).toEqual([])
  })

  it('the scripts and Storybook use the front doors too', () => {
    // Root files (Storybook's configuration of the web app, benchmarks) may use any package, through its entries.
    const outside: Pkg = { dir: root, name: 'finance', entries: new Set(), declared: new Set(byName.keys()) }
    const files = [...sourceFiles(join(root, 'scripts')), ...sourceFiles(join(root, '.storybook'))]
    const violations = files
      .flatMap((f) => violationsOf(outside, f, readFileSync(f, 'utf8')))
      .filter((v) => !v.why.includes('may not depend') && !v.specifier.startsWith('.'))
    expect(violations).toEqual([])
  })

  it('the check catches a deep import, a relative escape, an undeclared package and a layer breach', () => {
    const cli = pkg('@finance/cli')
    const file = join(cli.dir, 'src', 'x.ts')
    const whys = violationsOf(
      cli,
      file,
      [
        "import { parseMoney } from '@finance/ledger-core/src/money.ts'",
        "import { loadBooks } from '@finance/books/books.ts'",
        "export { x } from '../../api/src/app.ts'",
        "const m = await import('@finance/api')",
        "import '@finance/web'",
        "import { decide } from '@finance/ledger-core'",
      ].join('\n'),
    ).map((v) => `${v.where.split(':')[1]} ${v.why.split(' (')[0]}`)
    expect(whys).toEqual([
      '1 not an entry of @finance/ledger-core',
      '2 not an entry of @finance/books',
      '3 a relative import leaves its package',
      '4 @finance/cli may not depend on @finance/api',
      '5 @finance/cli may not depend on @finance/web',
    ])
    const web = pkg('@finance/web')
    expect(
      violationsOf(web, join(web.dir, 'src', 'x.ts'), "import { replay } from '@finance/ledger-core/light'").map(
        (v) => v.why,
      ),
    ).toEqual(['@finance/web may use only @finance/ledger-core, @finance/ledger-core/format'])
    // A journey may build its inputs with the core's test entry; the app's sources may not.
    const fixture = "import { income } from '@finance/ledger-core/testing'"
    expect(violationsOf(web, join(web.dir, 'e2e', 'x.e2e.test.ts'), fixture)).toEqual([])
    expect(violationsOf(web, join(web.dir, 'src', 'x.ts'), fixture)).toHaveLength(1)
  })

  it("the core's main entry is browser-safe: no Node module in its sources", () => {
    const core = pkg('@finance/ledger-core')
    const nodeImports = sourceFiles(join(core.dir, 'src'))
      .filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes(`${sep}testing${sep}`))
      .flatMap((f) =>
        importsOf(readFileSync(f, 'utf8'))
          .filter(
            (i) => i.specifier.startsWith('node:') || /^(fs|path|crypto|os|url|worker_threads)$/.test(i.specifier),
          )
          .map((i) => `${relative(root, f)}:${i.line} ${i.specifier}`),
      )
    expect(nodeImports).toEqual([])
  })
})

/** The relative static imports of a source text (also `import type` and re-exports; not `import()`). */
const staticRelativeImports = (text: string): string[] =>
  [...text.matchAll(/^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/gm)].map((m) => m[1] as string)

/**
 * The import cycles among `files` (path → source text): the strongly connected components of more than one module
 * (or a module importing itself), each as its sorted paths. Tarjan's algorithm.
 */
function importCycles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>()
  for (const [file, text] of files)
    edges.set(
      file,
      staticRelativeImports(text)
        .map((s) => resolve(dirname(file), s))
        .filter((t) => files.has(t)),
    )
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || edges.get(v)?.includes(v)) cycles.push(component.sort())
  }
  for (const f of files.keys()) if (!index.has(f)) visit(f)
  return cycles
}

/**
 * Cycles known and tolerated until the work that removes them lands: the tax engine and the annual settlement share
 * their period types both ways (`tax/engine.ts` is being split into stages; the types move below both then).
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [
  ['packages/ledger-core/src/tax/annual.ts', 'packages/ledger-core/src/tax/engine.ts'],
]

describe('import cycles', () => {
  it('no package has an import cycle between its own modules (type imports count)', () => {
    const found = packages.flatMap((p) =>
      importCycles(new Map(sourceFiles(p.dir).map((f) => [f, readFileSync(f, 'utf8')]))).map((c) =>
        c.map((f) => relative(root, f)),
      ),
    )
    const known = (c: readonly string[]) => KNOWN_CYCLES.some((k) => k.join() === c.join())
    expect(found.filter((c) => !known(c))).toEqual([])
  })

  it('the check finds a planted cycle, also through a type import and a re-export, and nothing in a tree', () => {
    const at = (name: string) => join(root, 'planted', name)
    const planted = new Map([
      [at('a.ts'), "import { b } from './b.ts'\nexport const a = b"],
      [at('b.ts'), "import type { C } from './sub/c.ts'\nexport const b: C = 1"],
      [at('sub/c.ts'), "export * from '../a.ts'\nexport type C = number"],
      [at('d.ts'), "import { a } from './a.ts'\nconst later = () => import('./d.ts')"],
    ])
    expect(importCycles(planted)).toEqual([[at('a.ts'), at('b.ts'), at('sub/c.ts')]])
    planted.set(at('sub/c.ts'), 'export type C = number')
    expect(importCycles(planted)).toEqual([])
    expect(importCycles(new Map([[at('self.ts'), "export * from './self.ts'"]]))).toEqual([[at('self.ts')]])
  })
})

/**
 * The web app's floors (docs/architecture.md, "The web app"), lowest first: a production module imports only from
 * its own folder or from a lower floor. `app/` (the route table and the router) is the top and the only floor that
 * knows every feature; features import the routing module, the shell and the kit below them, never `app/`; the
 * session uses the API client, the client never the session. Features may use one another (the dashboard shows the
 * tax book's problems); the cycle check above keeps that one way. Tests, stories and their helpers may import
 * anything.
 */
const WEB_FLOORS: readonly (readonly string[])[] = [
  ['i18n', 'locales', 'storage', 'styles'],
  ['ui'],
  ['api'],
  ['session', 'forms'],
  ['routing'],
  ['shell'],
  ['features'],
  ['app'],
  ['main'],
]
const webSrc = join(packagesDir, 'web', 'src')
/** The home of a web module: its first folder under `src/` (`features/<name>` for a feature), or its file's name. */
const webHome = (file: string): string => {
  const [first = '', second] = relative(webSrc, file).split(sep)
  if (first === 'features' && second !== undefined) return `features/${second}`
  return first.replace(/\.[a-z]+$/, '')
}
const webFloor = (home: string): number => WEB_FLOORS.findIndex((f) => f.includes(home.split('/')[0] as string))
const isWebHarness = (file: string) =>
  /\.(test|stories)\.tsx?$/.test(file) || ['test', 'stories'].includes(webHome(file))

/** The imports of one web module that point to a higher floor, or to a floor of the same height elsewhere. */
function webLayerViolations(file: string, text: string): Violation[] {
  if (isWebHarness(file)) return []
  const home = webHome(file)
  const floor = webFloor(home)
  if (floor < 0) return [{ where: relative(root, file), specifier: '', why: `${home} is on no floor of the web app` }]
  return refusedImports(file, text, (target) => {
    if (!target.startsWith(webSrc + sep)) return null
    const targetHome = webHome(target)
    const targetFloor = webFloor(targetHome)
    const sideways = targetHome.startsWith('features/') && home.startsWith('features/')
    if (targetHome === home || sideways || (targetFloor >= 0 && targetFloor < floor)) return null
    return `${home} may not import ${targetHome}`
  })
}

describe("the web app's floors", () => {
  it('every module imports its own folder or a lower floor', () => {
    const files = sourceFiles(webSrc)
    expect(files.filter((f) => !isWebHarness(f)).length).toBeGreaterThan(150)
    expect(files.flatMap((f) => webLayerViolations(f, readFileSync(f, 'utf8')))).toEqual([])
  })

  it('the check finds a planted upward import, a client that reads the session and a folder on no floor', () => {
    const found = plantedIn(webSrc, webLayerViolations)
    expect(found('features/ksef/routes.tsx', "import type { AppRoute } from '../../app/types.ts'")).toEqual([
      'features/ksef may not import app',
    ])
    expect(found('routing/Guard.tsx', "import { LoginPage } from '../features/account/LoginPage.tsx'")).toEqual([
      'routing may not import features/account',
    ])
    expect(found('api/client.ts', "import { useSession } from '../session/SessionContext.tsx'")).toEqual([
      'api may not import session',
    ])
    expect(found('shell/Menu.tsx', "const m = await import('../app/routes.tsx')")).toEqual(['shell may not import app'])
    expect(found('pages/X.tsx', '')).toEqual(['pages is on no floor of the web app'])
    // Downward, within a folder, between features, and from a test: all allowed.
    expect(found('features/ksef/routes.tsx', "import type { AppRoute } from '../../routing/types.ts'")).toEqual([])
    expect(found('session/SessionContext.tsx', "import { accountApi } from '../api/account.ts'")).toEqual([])
    expect(found('features/dashboard/x.tsx', "import { y } from '../books/problems.ts'")).toEqual([])
    expect(found('features/ksef/x.test.tsx', "import { AppRoutes } from '../../app/App.tsx'")).toEqual([])
  })
})

/**
 * ledger-core's `model/` (the books state, its fold and the copy-on-write maps) is the floor the deciders and the
 * projections both stand on: it imports neither of them, nor the reports above them. Tests may import anything.
 */
const coreSrc = join(packagesDir, 'ledger-core', 'src')
const ABOVE_THE_MODEL = ['deciders', 'projections', 'reports']
function modelViolations(file: string, text: string): Violation[] {
  if (/\.test\.ts$/.test(file)) return []
  return refusedImports(file, text, (target) => {
    const [folder] = relative(coreSrc, target).split(sep)
    return folder !== undefined && ABOVE_THE_MODEL.includes(folder) ? `the model may not import ${folder}` : null
  })
}

describe("ledger-core's model", () => {
  it('imports no decider, projection or report', () => {
    const files = sourceFiles(join(coreSrc, 'model'))
    expect(files.length).toBeGreaterThan(4)
    expect(files.flatMap((f) => modelViolations(f, readFileSync(f, 'utf8')))).toEqual([])
  })

  it('the check finds a planted import of a projection or a decider, and allows the law and tests', () => {
    const found = plantedIn(coreSrc, modelViolations)
    expect(found('model/evolve.ts', "import { monthRows } from '../projections/month.ts'")).toEqual([
      'the model may not import projections',
    ])
    expect(found('model/state.ts', "import type { BooksLookup } from '../deciders/books.ts'")).toEqual([
      'the model may not import deciders',
    ])
    expect(found('model/evolve.ts', "import { ratesFor } from '../tax/rates/index.ts'")).toEqual([])
    expect(found('model/cowMap.test.ts', "import { x } from '../deciders/books.ts'")).toEqual([])
  })
})
