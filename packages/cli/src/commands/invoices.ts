/**
 * Invoices from the terminal, through the same application layer as the API (`@finance/books`):
 * - `finance invoices list --user EMAIL [--json]`: number, date, buyer, gross and state of every invoice;
 * - `finance invoices issue ID --user EMAIL [--json]`: issues a draft (its number and its incomes in one append), or
 *   says in Polish (or English) what it still lacks; exit code 1 then.
 */
import { issueInvoiceDocument, loadBooks } from '@finance/books'
import { type InvoiceDisplayState, invoiceDetail, invoiceList, isDomainError } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { formatMoney } from '../format.ts'
import { catalog, type Lang, translateKnown } from '../i18n.ts'

const T = {
  none: { pl: 'Brak faktur.', en: 'No invoices.' },
  draft: { pl: 'szkic', en: 'draft' },
  issued: { pl: 'wystawiona', en: 'issued' },
  sent: { pl: 'wysłana do KSeF', en: 'sent to KSeF' },
  corrected: { pl: 'skorygowana', en: 'corrected' },
  noNumber: { pl: '(bez numeru)', en: '(no number)' },
  issuedAs: { pl: 'Wystawiono fakturę {0} na {1} brutto.', en: 'Issued invoice {0}, {1} gross.' },
  cannotIssue: { pl: 'Nie można wystawić faktury {0}:', en: 'Invoice {0} cannot be issued:' },
} as const satisfies Record<string, Record<Lang, string>>

const t = catalog(T)

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
  'This record was changed elsewhere. Reload it to see the latest version.':
    'Ten zapis zmieniono w międzyczasie. Wczytaj go ponownie.',
}
const say = (lang: Lang, text: string) => (lang === 'pl' ? (MESSAGES_PL[text] ?? translateKnown(lang, text)) : text)

const stateText = (lang: Lang, s: InvoiceDisplayState) => t(lang, s)

export const invoicesListCommand = async (ctx: Ctx, o: { user: string; json?: boolean | undefined }) => {
  const [user] = await booksOfUsers(ctx, o.user)
  const list = invoiceList(user!.state)
  if (o.json) {
    ctx.out(`${JSON.stringify(list, null, 2)}\n`)
    return
  }
  if (list.length === 0) {
    ctx.out(`${t(ctx.lang, 'none')}\n`)
    return
  }
  for (const i of list)
    ctx.out(
      `${String(i.id).padStart(6)}  ${(i.number ?? t(ctx.lang, 'noNumber')).padEnd(18)}  ${i.issueDate}  ${formatMoney(ctx.lang, i.gross).padStart(14)}  ${stateText(ctx.lang, i.state).padEnd(16)}  ${i.buyer}\n`,
    )
}

export const invoicesIssueCommand = async (
  ctx: Ctx,
  id: number,
  o: { user: string; json?: boolean | undefined },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const store = await ctx.store()
  const result = await issueInvoiceDocument(store, user!.userId, id, { at: ctx.now().toISOString() })
  if (isDomainError(result)) {
    const reasons = result.errors?.length ? result.errors.map((e) => `${e.field}: ${e.message}`) : [result.message]
    throw new CliError((lang) =>
      [
        t(lang, 'cannotIssue', id),
        ...(result.errors?.length
          ? result.errors.map((e) => `  ${e.field}: ${say(lang, e.message)}`)
          : [`  ${say(lang, reasons[0]!)}`]),
      ].join('\n'),
    )
  }
  const { state } = await loadBooks(store, user!.userId)
  const d = invoiceDetail(state, id)!
  if (o.json) ctx.out(`${JSON.stringify(d, null, 2)}\n`)
  else ctx.out(`${t(ctx.lang, 'issuedAs', d.number ?? '', formatMoney(ctx.lang, d.gross))}\n`)
}
