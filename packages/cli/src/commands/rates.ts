/**
 * NBP table A rates for items in a foreign currency, through the same functions as the API (`@finance/books`):
 * - `finance rates import FILE --user EMAIL [--json]`: the NBP's yearly archive `archiwum_tab_a_YYYY.csv`;
 * - `finance rates fetch FROM TO --user EMAIL [--json]`: table A from the NBP web API (api.nbp.pl);
 * - `finance rates show CODE DAY --user EMAIL [--json]`: the rate the books use for a tax date `DAY` (the last working
 *   day before it with a table), or why there is none.
 * - `--ecb` on each: the ECB's euro reference rates instead (the history file `eurofxref-hist.csv` or an eurofxref
 *   XML; the ECB's published XML; the ECB rate of a tax date); `fetch --table B`: NBP table B;
 * - `finance rates choose nbp|ecb --from DAY --user EMAIL`: the rate of a foreign-currency VAT base from that day
 *   (uVAT art. 31a ust. 1–2), a new VAT setting.
 * A refused file or a missing rate is exit code 1 with the reason; nothing is written.
 */
import { readFile } from 'node:fs/promises'
import {
  chooseVatExchangeRate,
  EcbWebRates,
  fetchEcbRates,
  fetchRates,
  importEcbHistory,
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
import { coreMessage } from '../coreMessages.ts'
import { catalog, type Lang } from '../i18n.ts'

const t = catalog('rates')

/** The books' reasons in Polish where they have a fixed form; other texts are shown as they came. */
const POLISH: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^No NBP table A rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/,
    (m) => `Brak kursu średniego ${m[1]} w tabeli A NBP z dnia ${m[2]}: zaimportuj tabelę NBP z tego dnia`,
  ],
  [
    /^No NBP table B rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/,
    (m) => `Brak kursu średniego ${m[1]} w tabeli B NBP z dnia ${m[2]}: zaimportuj tabelę B NBP z tego dnia`,
  ],
  [
    /^No ECB rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the ECB rates for that day$/,
    (m) => `Brak kursu EBC ${m[1]} z dnia ${m[2]}: zaimportuj kursy EBC z tego dnia`,
  ],
  [
    /^The ECB rate chosen from (\S+) applies for at least 12 months: the NBP rate again from (\S+) at the earliest$/,
    (m) => `Kurs EBC wybrany od ${m[1]} obowiązuje co najmniej 12 miesięcy: kurs NBP najwcześniej od ${m[2]}`,
  ],
  [
    /^No VAT setting is in force on (\S+): set the VAT rate first$/,
    (m) => `Na dzień ${m[1]} nie ma ustawienia VAT: najpierw ustaw stawkę VAT`,
  ],
  [/^Not ECB reference rates: (.*)$/, (m) => `To nie są kursy referencyjne EBC (${m[1]})`],
  [/^The ECB cannot be reached: (.*)$/, (m) => `Nie można połączyć się z EBC: ${m[1]}`],
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
  return coreMessage(lang, { message: text })
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
  /** The ECB's reference rates instead of the NBP's. */
  readonly ecb?: boolean | undefined
  /** NBP table A (absent) or B, for `fetch`. */
  readonly table?: 'A' | 'B' | undefined
}

const reportEcb = (ctx: Ctx, done: RatesRecorded | DomainError, json: boolean | undefined) => {
  if (isDomainError(done)) throw failure(done)
  ctx.out(
    json ? `${JSON.stringify(done, null, 2)}\n` : `${t(ctx.lang, 'ecbRecorded', done.added, done.from, done.to)}\n`,
  )
}

export const ratesImportCommand = async (ctx: Ctx, file: string, o: RatesOptions): Promise<void> => {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await readFile(file))
  } catch {
    throw userError('noSuchFile', file)
  }
  const [user] = await booksOfUsers(ctx, o.user)
  if (o.ecb) {
    reportEcb(
      ctx,
      await importEcbHistory(await ctx.store(), user!.userId, bytes, ctx.now(), { correlationId: 'cli' }),
      o.json,
    )
    return
  }
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
  ecbPort = new EcbWebRates(),
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const meta = { correlationId: 'cli' }
  try {
    if (o.ecb)
      reportEcb(ctx, await fetchEcbRates(await ctx.store(), user!.userId, ecbPort, from, to, ctx.now(), meta), o.json)
    else
      report(
        ctx,
        await fetchRates(await ctx.store(), user!.userId, port, from, to, ctx.now(), meta, o.table ?? 'A'),
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
  const r = rateOn(state, code.toUpperCase(), day, o.ecb ? 'ecb' : 'nbp')
  if (isDomainError(r)) throw failure(r)
  const shown = ctx.lang === 'pl' ? r.rate.replace('.', ',') : r.rate
  ctx.out(
    o.json
      ? `${JSON.stringify({ code: code.toUpperCase(), day, ...r }, null, 2)}\n`
      : o.ecb
        ? `${t(ctx.lang, 'ecbRate', code.toUpperCase(), shown, r.date, day)}\n`
        : `${t(ctx.lang, 'rate', code.toUpperCase(), ctx.lang === 'pl' ? r.rate.replace('.', ',') : r.rate, r.table, r.date, day)}\n`,
  )
}

/** `finance rates choose nbp|ecb --from DAY`: the rate of a foreign-currency VAT base from that day. */
export const ratesChooseCommand = async (
  ctx: Ctx,
  choice: 'nbp' | 'ecb',
  o: RatesOptions & { readonly from: string },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const done = await chooseVatExchangeRate(await ctx.store(), user!.userId, choice, o.from, ctx.now(), {
    correlationId: 'cli',
  })
  if (isDomainError(done)) throw failure(done)
  ctx.out(
    o.json
      ? `${JSON.stringify({ from: o.from, vatExchangeRate: choice })}\n`
      : `${t(ctx.lang, 'chosen', o.from, t(ctx.lang, choice))}\n`,
  )
}
