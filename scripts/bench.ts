/**
 * `npm run bench`: runs every package's benchmark in turn, then the start-up times of the programs. Each package
 * exposes `bench/index.ts` exporting `run(): Promise<void>` which prints its own figures (always as ratios against a
 * reference measured in the same run); `startup` is `scripts/bench-startup.ts`. Pass names to run a subset:
 * `npm run bench -- event-store api startup`. `soak` (`packages/api/bench/soak.ts`: two servers on PostgreSQL under 50
 * users for ten minutes) runs only when named: `DATABASE_URL=… SOAK_SECONDS=60 npm run bench -- soak`. `bulk`
 * (`packages/books/bench/bulk.ts`) is the bulk import of 10 000 items. Each section starts with the machine's load.
 */
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'

const all = ['event-store', 'ledger-core', 'tax-files', 'books', 'bulk', 'ksef', 'api', 'cli', 'startup']
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const root = fileURLToPath(new URL('..', import.meta.url))

for (const name of wanted.length > 0 ? wanted : all) {
  const file =
    name === 'startup'
      ? `${root}scripts/bench-startup.ts`
      : name === 'soak'
        ? `${root}packages/api/bench/soak.ts`
        : name === 'bulk'
          ? `${root}packages/books/bench/bulk.ts`
          : `${root}packages/${name}/bench/index.ts`
  if (!existsSync(file)) {
    console.log(`\n== ${name}: no benchmark yet`)
    continue
  }
  console.log(
    `\n== ${name} (machine: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')})`,
  )
  const mod = (await import(pathToFileURL(file).href)) as { run: () => Promise<void> }
  await mod.run()
}
