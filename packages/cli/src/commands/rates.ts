/**
 * NBP table A rates for items in a foreign currency, through the same functions as the API (`@finance/books`):
 * - `finance rates import FILE --user EMAIL [--json]`: the NBP's yearly archive `archiwum_tab_a_YYYY.csv`;
 * - `finance rates fetch FROM TO --user EMAIL [--json]`: table A from the NBP web API (api.nbp.pl);
 * - `finance rates show CODE DAY --user EMAIL [--json]`: the rate the books use for a tax date `DAY` (the last working
 *   day before it with a table), or why there is none.
 * - `--ecb` on each: the ECB's euro reference rates instead (the history file `eurofxref-hist.csv` or an eurofxref
 *   XML; the ECB's published XML; the ECB rate of a tax date); `fetch --table B`: NBP table B;
 * - `finance rates choose nbp|ecb --from DAY --user EMAIL`: the rate of a foreign-currency VAT base from that day
 *   (uVAT art. 31a ust. 1; the ECB's: zdanie drugie), a new VAT setting.
 * A refused file or a missing rate is exit code 1 with the reason; nothing is written.
 */
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
import { CliError } from '../errors.ts'
import { readInputFile } from '../files.ts'
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
    /^No VAT setting is in force on (\S+): set the VAT rate first$/,
    (m) => `Na dzień ${m[1]} nie ma ustawienia VAT: najpierw ustaw stawkę VAT`,
  ],
  [/^Not ECB reference rates: (.*)$/, (m) => `To nie są kursy referencyjne EBC (${inLang('pl', m[1]!)})`],
  // The reason after the colon is the runtime's English (`fetch failed`): said in words instead.
  [
    /^The ECB cannot be reached: (.*)$/,
    () => 'Nie można połączyć się z EBC: brak połączenia z siecią albo serwer nie odpowiada',
  ],
  [/^Not an NBP table A archive: (.*)$/, (m) => `To nie jest archiwum tabel A NBP (${inLang('pl', m[1]!)})`],
  [/^Row (\d+): (.*)$/, (m) => `Wiersz ${m[1]}: ${inLang('pl', m[2]!)}`],
  // What is wrong inside a file of rates (books `rates/nbpArchive.ts`, `rates/ecb.ts`, `rates/record.ts`)
  [/^no header row starting with "data;"$/, () => 'brak wiersza nagłówka zaczynającego się od „data;”'],
  [
    /^the header names no currency columns or no "pełny numer tabeli"$/,
    () => 'nagłówek nie ma kolumn walut albo kolumny „pełny numer tabeli”',
  ],
  [
    /^a currency column is not for 1, 10, 100, 1000 or 10000 units$/,
    () => 'kolumna waluty nie dotyczy 1, 10, 100, 1000 ani 10 000 jednostek',
  ],
  [/^no table rows$/, () => 'brak wierszy z tabelami'],
  [/^the day (\S+) is not of the year (\d+)$/, (m) => `dzień ${m[1]} nie należy do roku ${m[2]}`],
  [/^"(.*)" is not a table A number \(like (\S+)\)$/, (m) => `„${m[1]}” nie jest numerem tabeli A (np. ${m[2]})`],
  [
    /^table (\S+) is not of table (\S+) like the rows before$/,
    (m) => `tabela ${m[1]} nie jest tabelą ${m[2]}, jak w poprzednich wierszach`,
  ],
  [/^the days are not in order$/, () => 'dni nie są uporządkowane rosnąco'],
  [/^the (\S+) rate "(.*)" is not a decimal number$/, (m) => `kurs ${m[1]} „${m[2]}” nie jest liczbą dziesiętną`],
  [/^(.+) holds no day with rates$/, (m) => `${m[1]} nie zawiera żadnego dnia z kursami`],
  [
    /^the first row must be "Date,USD,JPY,…" with a PLN column$/,
    () => 'pierwszy wiersz musi mieć postać „Date,USD,JPY,…” z kolumną PLN',
  ],
  [/^the column "(.*)" is not a currency code$/, (m) => `kolumna „${m[1]}” nie jest kodem waluty`],
  [/^no gesmes:Envelope with Cube elements$/, () => 'brak elementu gesmes:Envelope z elementami Cube'],
  [/^"(.*)" is not a date yyyy-mm-dd$/, (m) => `„${m[1]}” nie jest datą w formacie RRRR-MM-DD`],
  [/^(\d+) cells where the header has (\d+)$/, (m) => `komórek: ${m[1]}, a w nagłówku: ${m[2]}`],
  [/^The ECB rates of (\S+) are given twice$/, (m) => `Kursy EBC z dnia ${m[1]} występują dwa razy`],
  [/^The ECB rates of (\S+) have no PLN rate$/, (m) => `Kursy EBC z dnia ${m[1]} nie zawierają kursu PLN`],
  [
    /^The ECB rates of (\S+) hold "(.*)" "(.*)", not a currency code and a decimal rate$/,
    (m) => `Kursy EBC z dnia ${m[1]} zawierają „${m[2]}” „${m[3]}” zamiast kodu waluty i kursu dziesiętnego`,
  ],
  [/^The ECB answered (\d+)$/, (m) => `EBC odpowiedział kodem ${m[1]}`],
  [
    /^To must be a date in format yyyy-mm-dd, not before from$/,
    () => 'Podaj datę końcową w formacie RRRR-MM-DD, nie wcześniejszą niż początkowa',
  ],
  [/^Rates are fetched for at most a year at a time$/, () => 'Kursy można pobrać najwyżej za rok naraz'],
  [
    /^The NBP API cannot be reached: (.*)$/,
    () => 'Nie można połączyć się z API NBP: brak połączenia z siecią albo serwer nie odpowiada',
  ],
  [/^The NBP API answered (\d+): (.*)$/, (m) => `API NBP odpowiedziało ${m[1]}: ${m[2]}`],
  [/^The books hold ([A-Z]{3}) (\S+) in table (\S+)$/, (m) => `Księgi mają już kurs ${m[1]} ${m[2]} z tabeli ${m[3]}`],
]

/** A rates message of the books (English) in `lang`. */
export const inLang = (lang: Lang, text: string): string => {
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
  const bytes = new Uint8Array(await readInputFile(file))
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
