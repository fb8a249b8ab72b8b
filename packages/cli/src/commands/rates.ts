/**
 * NBP table A rates for items in a foreign currency, through the same functions as the API (`@finance/books`):
 * - `finance rates import FILE --user EMAIL [--json]`: the NBP's yearly archive `archiwum_tab_a_YYYY.csv`;
 * - `finance rates fetch FROM TO --user EMAIL [--json]`: table A from the NBP web API (api.nbp.pl);
 * - `finance rates show CODE DAY --user EMAIL [--json]`: the rate the books use for a tax date `DAY` (the last working
 *   day before it with a table), or why there is none.
 * A refused file or a missing rate is exit code 1 with the reason; nothing is written.
 */
import { readFile } from 'node:fs/promises'
import {
  fetchRates,
  importRatesArchive,
  loadBooks,
  NbpWebRates,
  type RatesRecorded,
  RatesUnavailable,
  rateOn,
} from '@finance/books'
import { type DomainError, isDomainError } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError, userError } from '../errors.ts'
import { catalog, type Lang } from '../i18n.ts'

const T = {
  recorded: {
    pl: 'Zapisano tabel kursów NBP: {0} (zakres {1} – {2}).',
    en: '{0} NBP rate table(s) recorded (range {1} – {2}).',
  },
  rate: {
    pl: '{0}: kurs średni {1} zł z tabeli {2} z dnia {3} (ostatni dzień roboczy przed {4})',
    en: '{0}: average rate {1} PLN from table {2} of {3} (the last working day before {4})',
  },
} as const satisfies Record<string, Record<Lang, string>>

const t = catalog(T)

/** The books' reasons in Polish where they have a fixed form; other texts are shown as they came. */
const POLISH: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^No NBP table A rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/,
    (m) => `Brak kursu średniego ${m[1]} w tabeli A NBP z dnia ${m[2]}: zaimportuj tabelę NBP z tego dnia`,
  ],
  [/^Not an NBP table A archive: (.*)$/, (m) => `To nie jest archiwum tabel A NBP (${m[1]})`],
  [/^Row (\d+): (.*)$/, (m) => `Wiersz ${m[1]}: ${m[2]}`],
  [/^The NBP API cannot be reached: (.*)$/, (m) => `Nie można połączyć się z API NBP: ${m[1]}`],
  [/^The NBP API answered (\d+): (.*)$/, (m) => `API NBP odpowiedziało ${m[1]}: ${m[2]}`],
  [/^The books hold ([A-Z]{3}) (\S+) in table (\S+)$/, (m) => `Księgi mają już kurs ${m[1]} ${m[2]} z tabeli ${m[3]}`],
]

const inLang = (lang: Lang, text: string): string => {
  if (lang === 'en') return text
  for (const [re, pl] of POLISH) {
    const m = re.exec(text)
    if (m) return pl(m)
  }
  return text
}

const failure = (e: DomainError) =>
  new CliError((lang) =>
    (e.errors && e.errors.length > 0 ? e.errors.map((f) => f.message) : [e.message])
      .map((m) => inLang(lang, m))
      .join('\n'),
  )

const report = (ctx: Ctx, done: RatesRecorded | DomainError, json: boolean | undefined) => {
  if (isDomainError(done)) throw failure(done)
  ctx.out(json ? `${JSON.stringify(done, null, 2)}\n` : `${t(ctx.lang, 'recorded', done.added, done.from, done.to)}\n`)
}

export interface RatesOptions {
  readonly user: string
  readonly json?: boolean | undefined
}

export const ratesImportCommand = async (ctx: Ctx, file: string, o: RatesOptions): Promise<void> => {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await readFile(file))
  } catch {
    throw userError('noSuchFile', file)
  }
  const [user] = await booksOfUsers(ctx, o.user)
  report(
    ctx,
    await importRatesArchive(await ctx.store(), user!.userId, bytes, ctx.now(), { correlationId: 'cli' }),
    o.json,
  )
}

export const ratesFetchCommand = async (
  ctx: Ctx,
  from: string,
  to: string,
  o: RatesOptions,
  port = new NbpWebRates(),
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  try {
    report(
      ctx,
      await fetchRates(await ctx.store(), user!.userId, port, from, to, ctx.now(), { correlationId: 'cli' }),
      o.json,
    )
  } catch (err) {
    if (err instanceof RatesUnavailable) throw new CliError((lang) => inLang(lang, err.message))
    throw err
  }
}

export const ratesShowCommand = async (ctx: Ctx, code: string, day: string, o: RatesOptions): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const { state } = await loadBooks(await ctx.store(), user!.userId)
  const r = rateOn(state, code.toUpperCase(), day)
  if (isDomainError(r)) throw failure(r)
  ctx.out(
    o.json
      ? `${JSON.stringify({ code: code.toUpperCase(), day, ...r }, null, 2)}\n`
      : `${t(ctx.lang, 'rate', code.toUpperCase(), ctx.lang === 'pl' ? r.rate.replace('.', ',') : r.rate, r.table, r.date, day)}\n`,
  )
}
