/**
 * `npm run bench`: runs every package's benchmark in turn. Each package exposes `bench/index.ts`
 * exporting `run(): Promise<void>` which prints its own figures (always as ratios against a reference
 * measured in the same run). Pass package names to run a subset: `npm run bench -- event-store api`.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const all = ['event-store', 'ledger-core', 'tax-files', 'api', 'cli']
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const root = fileURLToPath(new URL('..', import.meta.url))

for (const name of wanted.length > 0 ? wanted : all) {
  const file = `${root}packages/${name}/bench/index.ts`
  if (!existsSync(file)) {
    console.log(`\n== ${name}: no benchmark yet`)
    continue
  }
  console.log(`\n== ${name}`)
  const mod = (await import(pathToFileURL(file).href)) as { run: () => Promise<void> }
  await mod.run()
}
