/**
 * `finance whitelist import FILE --user EMAIL [--json]`: the Ministry of Finance's flat file of the VAT payers' list
 * (plik płaski, JSON after unpacking the daily 7z) checked against the books' outgoing payments of more than
 * 15 000 zł (uPIT art. 22p, uVAT art. 117ba); the answers are kept as evidence. A line per payment the rule covers;
 * exit code 1 when the file is refused or a payment's account is not on the list.
 */
import { checkWhiteList, flatFileWhiteList, readFlatFile, WhiteListError } from '@finance/books'
import type { WhiteListPayment } from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { readInputFile } from '../files.ts'
import { formatMoney } from '../format.ts'
import { catalog, type Lang } from '../i18n.ts'

const t = catalog('whitelist')

/** Why a flat file was refused, in Polish (the reader answers in English). */
const PROBLEMS_PL: Record<string, string> = {
  'whitelist.file.notJson': 'to nie jest plik płaski wykazu podatników VAT (JSON)',
  'whitelist.file.header': 'plik nie ma poprawnego nagłówka (naglowek)',
  'whitelist.file.date': 'nagłówek nie podaje poprawnej daty (dataGenerowaniaDanych, RRRRMMDD)',
  'whitelist.file.iterations': 'nagłówek nie podaje poprawnej liczby transformacji (liczbaTransformacji)',
  'whitelist.file.section': 'w pliku brakuje listy skrótów lub masek',
  'whitelist.file.hash': 'lista skrótów zawiera pozycję, która nie jest skrótem SHA-512',
  'whitelist.file.masks': 'maska rachunku wirtualnego nie ma 26 znaków (cyfry, X, Y)',
}

export const paymentLine = (lang: Lang, p: WhiteListPayment): string => {
  const state = p.check ? `${t(lang, p.check.result)} (${t(lang, 'listOf', p.check.listDate)})` : t(lang, 'unchecked')
  const split = p.splitPayment ? `, ${t(lang, 'split')}` : ''
  const mark = p.warning ? '✗' : p.check ? '✓' : '·'
  return `${mark} ${p.bookingDate}  ${formatMoney(lang, p.amount).padStart(14)}  ${p.counterparty} NIP ${p.nip}  ${p.account}  ${state}${split}`
}

export const whitelistImportCommand = async (
  ctx: Ctx,
  file: string,
  o: { user: string; json?: boolean | undefined },
): Promise<void> => {
  const bytes = new Uint8Array(await readInputFile(file))
  let list: ReturnType<typeof flatFileWhiteList>
  try {
    list = flatFileWhiteList(readFlatFile(bytes))
  } catch (e) {
    if (!(e instanceof WhiteListError)) throw e
    throw new CliError((lang) => `${file}: ${lang === 'pl' ? (PROBLEMS_PL[e.code] ?? e.message) : e.message}`)
  }
  const [user] = await booksOfUsers(ctx, o.user)
  const report = await checkWhiteList(await ctx.store(), user!.userId, list, ctx.now, { correlationId: 'cli' })
  const warnings = report.payments.filter((p) => p.warning).length
  if (o.json) ctx.out(`${JSON.stringify({ date: list.file.date, ...report }, null, 2)}\n`)
  else {
    const f = list.file
    ctx.out(`${t(ctx.lang, 'file', f.date, f.active, f.exempt, f.masks.length)}\n`)
    if (report.payments.length === 0) ctx.out(`${t(ctx.lang, 'none')}\n`)
    for (const p of report.payments) ctx.out(`${paymentLine(ctx.lang, p)}\n`)
    ctx.out(`${t(ctx.lang, 'summary', report.checked, report.recorded)}\n`)
  }
  if (warnings > 0) throw new CliError((lang) => t(lang, 'warnings', warnings))
}
