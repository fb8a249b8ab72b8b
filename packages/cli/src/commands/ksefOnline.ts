/**
 * KSeF online from the terminal, through the same books functions as the API (`@finance/books` `ksefOnline`):
 * - `finance ksef status --user EMAIL [--json]`: the environment, whether a token is stored, the last fetch and sending;
 * - `finance ksef send ID --user EMAIL [--exemption-basis TEXT] [--json]`: the FA(3) invoice of a one-time income sent
 *   to KSeF, its KSeF number recorded; `finance ksef send --all --user EMAIL [--json]`: every company income without a
 *   KSeF number, in one batch session (those issued offline in one of their own, with `offlineMode`);
 *   `finance ksef send --offline --user EMAIL`: the invoices issued offline that wait for KSeF (tryby-offline.md);
 * - `finance ksef offline ID --user EMAIL [--mode offline24|offline|awaryjny] [--ended DATE]`: an income's invoice
 *   issued offline, told its deadline;
 * - `finance ksef certificate --cert FILE --key FILE --user EMAIL` (the key's password from `FINANCE_KSEF_KEY_PASSWORD`,
 *   never an argument) stores the KSeF certificate of type Offline for KOD II; `--forget` removes it;
 * - `finance ksef fetch --user EMAIL [--json]`: the invoices received since the last fetch, into the books;
 * - `finance ksef pdf ID --user EMAIL [--html] [--out FILE]`: the invoice of an income, or of an expense fetched from
 *   KSeF, as a PDF (or the HTML preview) with its KSeF number and KOD I, in the language of `--lang`.
 * The token is the one the user stored in the web app, opened with the server's secret (`FINANCE_JWT_SECRET`, or
 * `secrets.json` in the data folder); `FINANCE_KSEF_URL` points every environment at another address.
 */
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  fetchFromKsef,
  invoiceVisualFile,
  type KsefDeps,
  KsefActionError,
  ksefStatus,
  clearKsefCertificate,
  markKsefOffline,
  setKsefCertificate,
  sendAllToKsef,
  sendPendingOffline,
  sendToKsef,
} from '@finance/books'
import { KSEF_BASE_URLS } from '@finance/ksef'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { catalog, type Lang } from '../i18n.ts'

const t = catalog('ksefOnline')

/** What to do, in Polish and English, for each code of a failed KSeF action. */
const FAILURE: Record<KsefActionError['code'], Record<Lang, string>> = {
  INVALID: { pl: 'dane są niepoprawne', en: 'the data is not valid' },
  NOT_FOUND: { pl: 'nie ma takiego przychodu jednorazowego', en: 'there is no such one-time income' },
  NO_TOKEN: {
    pl: 'brak tokenu KSeF albo nie da się go odczytać tym kluczem serwera: wpisz go w aplikacji',
    en: 'no KSeF token, or it cannot be read with this server key: enter it in the app',
  },
  NO_NIP: { pl: 'wpisz NIP firmy w danych podstawowych', en: "enter the company's NIP in the company data" },
  ALREADY_SENT: { pl: 'faktura jest już w KSeF', en: 'the invoice is already in KSeF' },
  DUPLICATE: {
    pl: 'KSeF ma już inną fakturę o tym numerze: nadaj przychodowi inny numer dokumentu',
    en: 'KSeF already holds another invoice with this number: give the income another document number',
  },
  REJECTED: { pl: 'KSeF odrzucił fakturę', en: 'KSeF refused the invoice' },
  RATE_LIMITED: {
    pl: 'KSeF ogranicza liczbę zapytań: spróbuj później',
    en: 'KSeF limits the requests: try again later',
  },
  UNAVAILABLE: { pl: 'KSeF nie odpowiada: spróbuj później', en: 'KSeF is not answering: try again later' },
  UNAUTHORIZED: {
    pl: 'KSeF odrzucił token: sprawdź token i jego uprawnienia',
    en: 'KSeF refused the token: check it and its permissions',
  },
  PROTOCOL: { pl: 'KSeF odpowiedział nieoczekiwanie', en: 'KSeF answered in an unexpected way' },
  NO_FILE: {
    pl: 'dla tego kosztu nie ma pliku FA(3): pokazać można tylko faktury pobrane z KSeF',
    en: 'no FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown',
  },
  OFFLINE: {
    pl: 'KSeF nie odpowiada: faktura została zachowana jako faktura offline i zostanie wysłana, gdy KSeF znów będzie dostępny (finance ksef status podaje termin)',
    en: 'KSeF is not answering: the invoice is kept as an offline invoice and will be sent when KSeF is back (finance ksef status gives the deadline)',
  },
  NO_CERTIFICATE: {
    pl: 'faktury offline24 nie można wystawić bez certyfikatu KSeF typu Offline: najpierw go wgraj',
    en: 'an offline24 invoice cannot be issued without a KSeF certificate of type Offline: upload it first',
  },
}

/** The deadline of a waiting offline invoice, or when it will be known. */
const deadlineText = (lang: Lang, p: { deadline: string | null; mode: string }) =>
  p.deadline ?? t(lang, p.mode === 'awaryjny' ? 'pendingFailure' : 'pendingOpen')

/** Why an income of `send --all` was not sent. */
const NOT_SENT: Record<'invalid' | 'rejected' | 'duplicate', Record<Lang, string>> = {
  invalid: {
    pl: 'faktury nie da się wystawić: popraw przychód',
    en: 'the invoice cannot be issued: correct the income',
  },
  rejected: FAILURE.REJECTED,
  duplicate: FAILURE.DUPLICATE,
}

const failure = (e: unknown): never => {
  if (!(e instanceof KsefActionError)) throw e
  throw new CliError((lang) => {
    const wait =
      e.retryAfterSeconds === null
        ? ''
        : lang === 'pl'
          ? ` (za ${e.retryAfterSeconds} s)`
          : ` (in ${e.retryAfterSeconds} s)`
    return [`${FAILURE[e.code][lang]}${wait}`, ...e.details.map((d) => `  ${d}`)].join('\n')
  })
}

const serverSecret = (ctx: Ctx): string => {
  const fromEnv = ctx.env.FINANCE_JWT_SECRET?.trim()
  if (fromEnv) return fromEnv
  const dir = ctx.dataDir ?? ctx.env.FINANCE_DATA_DIR ?? 'data'
  try {
    const secret = (JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as { jwtSecret?: unknown }).jwtSecret
    if (typeof secret === 'string' && secret !== '') return secret
  } catch {
    // No file: said below.
  }
  throw new CliError((lang) => t(lang, 'noSecret'))
}

const depsOf = async (ctx: Ctx): Promise<KsefDeps> => ({
  store: await ctx.store(),
  serverSecret: serverSecret(ctx),
  now: ctx.now,
  baseUrlOf: (environment) => ctx.env.FINANCE_KSEF_URL?.trim() || KSEF_BASE_URLS[environment],
})

export const ksefStatusCommand = async (ctx: Ctx, o: { user: string; json?: boolean }): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const s = await ksefStatus({ store: await ctx.store(), serverSecret: '', now: ctx.now }, user.userId)
  if (o.json) {
    ctx.out(`${JSON.stringify(s, null, 2)}\n`)
    return
  }
  const L = ctx.lang
  const fetch = s.lastFetch
    ? `${s.lastFetch.at} — ${s.lastFetch.ok ? t(L, 'fetched', s.lastFetch.received, s.lastFetch.imported, s.lastFetch.duplicates, s.lastFetch.refused) : `${t(L, 'failed')}: ${s.lastFetch.error ? (FAILURE[s.lastFetch.error.code as KsefActionError['code']]?.[L] ?? s.lastFetch.error.message) : ''}`}`
    : t(L, 'never')
  ctx.out(
    [
      `${t(L, 'environment')}: ${s.environment}`,
      `${t(L, 'token')}: ${s.hasToken ? t(L, 'stored') : t(L, 'missing')}`,
      `${t(L, 'lastFetch')}: ${fetch}`,
      `${t(L, 'lastSend')}: ${s.lastSend ? `${s.lastSend.at} — ${s.lastSend.ksefNumber}` : t(L, 'never')}`,
      t(L, s.offline24 ? 'offline24Ready' : 'offline24'),
      ...(s.pendingOffline.length === 0
        ? [t(L, 'pendingNone')]
        : [
            t(L, 'pendingHead'),
            ...s.pendingOffline.map((p) =>
              t(L, 'pendingLine', p.itemId, p.documentNumber || '-', p.issueDate, p.mode, deadlineText(L, p)),
            ),
          ]),
    ].join('\n') + '\n',
  )
}

export const ksefSendCommand = async (
  ctx: Ctx,
  id: number | undefined,
  o: { user: string; exemptionBasis?: string; json?: boolean; all?: boolean; offline?: boolean },
): Promise<void> => {
  if ([id !== undefined, o.all === true, o.offline === true].filter(Boolean).length !== 1)
    throw new CliError((lang) => t(lang, 'idOrAll'))
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  if (o.offline) {
    const r = await sendPendingOffline(deps, user.userId).catch(failure)
    if (o.json) ctx.out(`${JSON.stringify(r, null, 2)}\n`)
    else
      for (const x of r.results)
        ctx.out(
          x.ksefNumber
            ? `${t(ctx.lang, 'sent', x.itemId, x.ksefNumber)}\n`
            : `${t(ctx.lang, 'notSentOffline', x.itemId, FAILURE[x.error?.code as KsefActionError['code']]?.[ctx.lang] ?? x.error?.message ?? '')}\n`,
        )
    if (r.failed > 0) throw new CliError((lang) => t(lang, 'sentOffline', r.sent, r.failed))
    if (!o.json) ctx.out(`${t(ctx.lang, 'sentOffline', r.sent, r.failed)}\n`)
    return
  }
  if (id === undefined) {
    const all = await sendAllToKsef(deps, user.userId).catch(failure)
    if (o.json) ctx.out(`${JSON.stringify(all, null, 2)}\n`)
    else {
      for (const r of all.results)
        ctx.out(
          r.status === 'sent'
            ? `${t(ctx.lang, 'sent', r.itemId, r.ksefNumber ?? '')}\n`
            : `${t(ctx.lang, 'notSent', r.itemId, r.documentNumber || '-', NOT_SENT[r.status][ctx.lang])}${r.details.map((d) => `\n  ${d}`).join('')}\n`,
        )
    }
    // A sending with an invoice not sent ends with exit code 1 (the lines above say which and why).
    if (all.refused > 0) throw new CliError((lang) => t(lang, 'sentAll', all.sent, all.refused))
    if (!o.json) ctx.out(`${t(ctx.lang, 'sentAll', all.sent, all.refused)}\n`)
    return
  }
  const sent = await sendToKsef(deps, user.userId, id, { exemptionBasis: o.exemptionBasis }).catch(failure)
  if (o.json) ctx.out(`${JSON.stringify({ itemId: sent.itemId, ksefNumber: sent.ksefNumber }, null, 2)}\n`)
  else ctx.out(`${t(ctx.lang, 'sent', sent.itemId, sent.ksefNumber)}\n`)
}

export const ksefOfflineCommand = async (
  ctx: Ctx,
  id: number,
  o: { user: string; mode?: string; ended?: string; json?: boolean },
): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  const p = await markKsefOffline(deps, user.userId, id, {
    mode: o.mode ?? 'offline24',
    unavailabilityEnd: o.ended ?? null,
  }).catch(failure)
  if (o.json) ctx.out(`${JSON.stringify(p, null, 2)}\n`)
  else ctx.out(`${t(ctx.lang, 'marked', p.itemId, p.mode, p.issueDate, deadlineText(ctx.lang, p))}\n`)
}

/** Why a certificate was refused, as `setKsefCertificate` says it (English), in the user's language. */
const CERTIFICATE_PROBLEMS: Record<string, Record<Lang, string>> = {
  'The certificate must be an X.509 certificate in PEM or DER form': {
    pl: 'plik certyfikatu musi być certyfikatem X.509 w postaci PEM albo DER',
    en: 'the certificate must be an X.509 certificate in PEM or DER form',
  },
  'This is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)': {
    pl: 'to nie jest certyfikat KSeF typu Offline (jego użycie klucza to nie Non-Repudiation)',
    en: 'this is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)',
  },
  'The certificate is not valid now': { pl: 'certyfikat nie jest teraz ważny', en: 'the certificate is not valid now' },
  'The private key must be in PEM or DER form': {
    pl: 'klucz prywatny musi być w postaci PEM albo DER',
    en: 'the private key must be in PEM or DER form',
  },
  'The password does not open the private key': {
    pl: 'hasło nie otwiera klucza prywatnego (ustaw FINANCE_KSEF_KEY_PASSWORD)',
    en: 'the password does not open the private key (set FINANCE_KSEF_KEY_PASSWORD)',
  },
  'The private key does not belong to the certificate': {
    pl: 'klucz prywatny nie należy do tego certyfikatu',
    en: 'the private key does not belong to the certificate',
  },
  'The key must be RSA of at least 2048 bits or ECDSA P-256': {
    pl: 'klucz musi być kluczem RSA (co najmniej 2048 bitów) albo ECDSA P-256',
    en: 'the key must be RSA of at least 2048 bits or ECDSA P-256',
  },
}

export const ksefCertificateCommand = async (
  ctx: Ctx,
  o: { user: string; cert?: string; key?: string; forget?: boolean },
): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  if (o.forget) {
    await clearKsefCertificate(deps, user.userId)
    ctx.out(`${t(ctx.lang, 'certificateForgotten')}\n`)
    return
  }
  if (!o.cert || !o.key) throw new CliError((lang) => t(lang, 'certificateFiles'))
  const read = async (file: string) => {
    try {
      return (await readFile(file)).toString('base64')
    } catch (e) {
      throw new CliError((lang) => t(lang, 'cannotRead', file, (e as Error).message))
    }
  }
  const [certificate, privateKey] = [await read(o.cert), await read(o.key)]
  try {
    const info = await setKsefCertificate(deps, user.userId, {
      certificate,
      privateKey,
      password: ctx.env.FINANCE_KSEF_KEY_PASSWORD,
    })
    ctx.out(`${t(ctx.lang, 'certificateSaved', info.serial, info.validTo.slice(0, 10))}\n`)
  } catch (e) {
    if (!(e instanceof KsefActionError)) throw e
    throw new CliError((lang) => t(lang, 'certificateInvalid', CERTIFICATE_PROBLEMS[e.message]?.[lang] ?? e.message))
  }
}

export const ksefFetchCommand = async (ctx: Ctx, o: { user: string; json?: boolean }): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  const r = await fetchFromKsef(deps, user.userId).catch(failure)
  if (o.json) ctx.out(`${JSON.stringify(r, null, 2)}\n`)
  else ctx.out(`${t(ctx.lang, 'fetched', r.received, r.imported, r.duplicates, r.refused)}\n`)
}

export const ksefPdfCommand = async (
  ctx: Ctx,
  id: number,
  o: { user: string; html?: boolean; out?: string },
): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  const file = await invoiceVisualFile(deps, user.userId, id, {
    format: o.html ? 'html' : 'pdf',
    lang: ctx.lang,
  }).catch(failure)
  const target = o.out ?? file.fileName
  try {
    await writeFile(target, file.body)
  } catch (e) {
    throw new CliError((lang) => t(lang, 'cannotSave', target, (e as Error).message))
  }
  ctx.out(`${t(ctx.lang, 'saved', target)}\n`)
}
