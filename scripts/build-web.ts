/**
 * Builds the web app into `packages/web/dist` when its sources changed since the last build (`npm start` runs it
 * first), or always with `--force` (`npm run build:web`).
 *
 * "Its sources" are everything the bundle is made of: the web package's sources and configuration, the core it
 * imports and the locked dependency versions. Their SHA-256 is kept in `dist/build-stamp.json`; a start with the same
 * sources and a built app does nothing. Vite's output is kept to warnings and errors.
 *
 * A production install (`npm ci --omit=dev`) has no build tools: it serves the build it was shipped with, and says so
 * when that build is missing or older than the sources instead of failing.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const web = join(root, 'packages', 'web')
const dist = join(web, 'dist')
const stampFile = join(dist, 'build-stamp.json')

/** Files and directories whose content makes the bundle (tests and stories do not). */
const INPUTS = [
  'packages/web/index.html',
  'packages/web/package.json',
  'packages/web/vite.config.ts',
  'packages/web/lingui.config.ts',
  'packages/web/src',
  'packages/ledger-core/package.json',
  'packages/ledger-core/src',
  'package-lock.json',
]
const NOT_IN_BUNDLE = /\.(test|stories)\.[cm]?tsx?$/

const filesOf = (path: string): string[] => {
  const full = join(root, path)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [full]
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !NOT_IN_BUNDLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

/** SHA-256 over every input file's path and content, in path order. */
export const sourcesHash = (): string => {
  const hash = createHash('sha256')
  const files = INPUTS.flatMap(filesOf)
    .map((f) => relative(root, f))
    .sort()
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(root, f)))
      .update('\0')
  return hash.digest('hex')
}

const builtHash = (): string | null => {
  try {
    return (JSON.parse(readFileSync(stampFile, 'utf8')) as { sources?: string }).sources ?? null
  } catch {
    return null
  }
}

/** Vite, or null in a production install (no dev dependencies). */
const loadVite = async (): Promise<typeof import('vite') | null> => {
  try {
    return await import('vite')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return null
    throw e
  }
}

const force = process.argv.includes('--force')
const sources = sourcesHash()
const built = existsSync(join(dist, 'index.html')) ? builtHash() : null

if (!force && built === sources) process.exit(0)

const vite = await loadVite()
if (vite === null) {
  process.stdout.write(
    built === null
      ? 'web app: not built and no build tools here (a production install); the server answers with a page saying so. ' +
          'Build it where the dev dependencies are installed: npm run build:web\n'
      : 'web app: the sources changed since packages/web/dist was built, and there are no build tools here (a ' +
          'production install); serving the existing build\n',
  )
  process.exit(force ? 1 : 0)
}

process.stdout.write(`web app: ${built === null ? 'building' : 'sources changed, rebuilding'} packages/web/dist …\n`)
const started = performance.now()
// Vite bundles React's development build unless NODE_ENV says production.
process.env.NODE_ENV = 'production'
await vite.build({
  configFile: join(web, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
})
writeFileSync(stampFile, `${JSON.stringify({ sources, builtAt: new Date().toISOString() }, null, 2)}\n`)
process.stdout.write(`web app: built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
