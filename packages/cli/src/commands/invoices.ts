/**
 * Invoices from the terminal, through the same application layer as the API (`@finance/books`):
 * - `finance invoices list --user EMAIL [--json]`: number, date, buyer, gross and state of every invoice;
 * - `finance invoices issue ID --user EMAIL [--json]`: issues a draft (its number and its incomes in one append), or
 *   says in Polish (or English) what it still lacks; exit code 1 then.
 */
import { type ExchangeRates, issueInvoiceDocument, loadBooks, NbpWebRates } from '@finance/books'
import { type InvoiceDisplayState, invoiceDetail, invoiceList, isDomainError } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { formatAmount, formatMoney } from '../format.ts'
import { coreMessage } from '../coreMessages.ts'
import { catalog, type Lang } from '../i18n.ts'
import { answeredAsJsonOrNone } from '../listing.ts'

const t = catalog('invoices')

/** The core's invoice messages in Polish (the core answers in English). */
const MESSAGES_PL: Record<string, string> = {
  'The buyer’s name is required': 'Podaj nazwę nabywcy',
  'An invoice needs between 1 and 1000 lines': 'Faktura musi mieć od 1 do 1000 pozycji',
  'Quantity must be a number above zero with at most six decimals':
    'Ilość musi być liczbą większą od zera, z najwyżej sześcioma miejscami po przecinku',
  'The legal basis of the exemption is required for an exempt line':
    'Dla pozycji zwolnionej z VAT podaj podstawę prawną zwolnienia',
  'Choose one of the company’s bank accounts': 'Wybierz jeden z rachunków bankowych firmy',
  'Choose one of your counterparties': 'Wybierz jednego ze swoich kontrahentów',
  'Choose a number series of this kind of invoice': 'Wybierz serię numeracji dla tego rodzaju faktury',
  'A correction corrects an issued sales invoice': 'Korekta musi dotyczyć wystawionej faktury sprzedaży',
  'The correction changes nothing': 'Korekta niczego nie zmienia',
  'The reason of the correction is required': 'Podaj przyczynę korekty',
  'This invoice is already issued': 'Ta faktura jest już wystawiona',
  'This number was already given to another invoice': 'Ten numer nadano już innej fakturze',
  'Company name is required for an invoice': 'Do faktury potrzebna jest nazwa firmy (dane firmy)',
  'NIP must be ten digits for an invoice': 'Do faktury potrzebny jest NIP firmy (dziesięć cyfr)',
  'The invoice address (street or building, and a country code) is required for an invoice':
    'Do faktury potrzebny jest adres firmy (ulica lub numer budynku i kod kraju)',
  'A correction of an invoice in a foreign currency is not issued by Finance: issue it by hand':
    'Finance nie wystawia korekt faktur w walucie obcej: wystaw taką korektę ręcznie',
  'The NBP rate of the VAT base is not recorded for this invoice':
    'Dla tej faktury nie zapisano kursu NBP podstawy VAT',
  'This record was changed elsewhere. Reload it to see the latest version.':
    'Ten zapis zmieniono w międzyczasie. Wczytaj go ponownie.',
}
/** An invoice in a currency without the NBP rate of a day (`missingRateMessage` of the core). */
const MISSING_RATE = /^No NBP table A rate of ([A-Z]{3}) for (\d{4}-\d{2}-\d{2}): import the NBP table for that day$/

/** A message of the invoices' core (an issue refused, a rate missing) in `lang`; any other text as it is. */
export const invoiceMessageText = (lang: Lang, text: string, code?: string): string => {
  if (lang !== 'pl') return text
  const rate = MISSING_RATE.exec(text)
  if (rate)
    return `Brak kursu średniego ${rate[1]} w tabeli A NBP z dnia ${rate[2]}: pobierz go (finance rates fetch) albo zaimportuj archiwum NBP (finance rates import)`
  return MESSAGES_PL[text] ?? coreMessage(lang, code === undefined ? { message: text } : { code, message: text })
}

const say = invoiceMessageText

const stateText = (lang: Lang, s: InvoiceDisplayState) => t(lang, s)

export const invoicesListCommand = async (ctx: Ctx, o: { user: string; json?: boolean | undefined }) => {
  const [user] = await booksOfUsers(ctx, o.user)
  const list = invoiceList(user!.state)
  if (answeredAsJsonOrNone(ctx, list, o.json, t(ctx.lang, 'none'))) return
  for (const i of list)
    ctx.out(
      `${String(i.id).padStart(6)}  ${(i.number ?? t(ctx.lang, 'noNumber')).padEnd(18)}  ${i.issueDate}  ${amountIn(ctx.lang, i.gross, i.currency).padStart(14)}  ${stateText(ctx.lang, i.state).padEnd(16)}  ${i.buyer}\n`,
    )
}

/** An invoice's amount: in złoty, or followed by the code of its currency. */
const amountIn = (lang: Lang, value: string, currency: string): string =>
  currency === 'PLN' ? formatMoney(lang, value) : `${formatAmount(lang, value)} ${currency}`

export const invoicesIssueCommand = async (
  ctx: Ctx,
  id: number,
  o: { user: string; json?: boolean | undefined },
  /** NBP rates for an invoice in a foreign currency whose table the books lack (the NBP web API by default). */
  rates: ExchangeRates = new NbpWebRates(),
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const store = await ctx.store()
  const result = await issueInvoiceDocument(store, user!.userId, id, { at: ctx.now().toISOString(), rates })
  if (isDomainError(result)) {
    const reasons = result.errors?.length ? result.errors.map((e) => `${e.field}: ${e.message}`) : [result.message]
    throw new CliError((lang) =>
      [
        t(lang, 'cannotIssue', id),
        ...(result.errors?.length
          ? result.errors.map((e) => `  ${e.field}: ${say(lang, e.message, e.code)}`)
          : [`  ${say(lang, reasons[0]!)}`]),
      ].join('\n'),
    )
  }
  const { state } = await loadBooks(store, user!.userId)
  const d = invoiceDetail(state, id)!
  if (o.json) ctx.out(`${JSON.stringify(d, null, 2)}\n`)
  else ctx.out(`${t(ctx.lang, 'issuedAs', d.number ?? '', amountIn(ctx.lang, d.gross, d.currency))}\n`)
}
