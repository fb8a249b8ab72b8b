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
import { parseJsonFile, readError, readInputFile, writeError } from '../files.ts'
import { catalog, type Lang, textOf } from '../i18n.ts'
import { writePrivateFile } from '../sink.ts'
import { invoiceMessageText } from './invoices.ts'

const t = catalog('ksefOnline')

/** What to do for each code of a failed KSeF action (`ksefFailures`). */
const failureText = catalog('ksefFailures')
const failureOf = textOf('ksefFailures')

/** The deadline of a waiting offline invoice, or when it will be known. */
const deadlineText = (lang: Lang, p: { deadline: string | null; mode: string }) =>
  p.deadline ?? t(lang, p.mode === 'awaryjny' ? 'pendingFailure' : 'pendingOpen')

/** Why an income of `send --all` was not sent. */
const notSent = catalog('ksefNotSent')

const failure = (e: unknown): never => {
  if (!(e instanceof KsefActionError)) throw e
  throw new CliError((lang) => {
    const wait =
      e.retryAfterSeconds === null
        ? ''
        : lang === 'pl'
          ? ` (za ${e.retryAfterSeconds} s)`
          : ` (in ${e.retryAfterSeconds} s)`
    // A refusal of one field says which and why where the catalog knows it (`INVALID.<field>`).
    const reason = (e.field === null ? undefined : failureOf(lang, `${e.code}.${e.field}`)) ?? failureText(lang, e.code)
    return [`${reason}${wait}`, ...e.details.map((d) => `  ${invoiceMessageText(lang, d)}`)].join('\n')
  })
}

/** Why a waiting offline invoice was not sent: the kind of failure, and for a refused invoice its reason. */
const offlineFailure = (lang: Lang, error: { readonly code: string; readonly message: string } | null): string => {
  if (error === null) return ''
  const kind = failureOf(lang, error.code)
  if (kind === undefined) return invoiceMessageText(lang, error.message)
  return error.code === 'INVALID' ? `${kind}: ${invoiceMessageText(lang, error.message)}` : kind
}

const serverSecret = (ctx: Ctx): string => {
  const fromEnv = ctx.env.FINANCE_JWT_SECRET?.trim()
  if (fromEnv) return fromEnv
  const file = join(ctx.dataDir ?? ctx.env.FINANCE_DATA_DIR ?? 'data', 'secrets.json')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    // No file: said below; a file that is there but cannot be read is named with the reason.
    if ((e as { code?: unknown }).code === 'ENOENT') throw new CliError((lang) => t(lang, 'noSecret'))
    throw readError(file, e)
  }
  const secret = (parseJsonFile(file, text) as { jwtSecret?: unknown } | null)?.jwtSecret
  if (typeof secret === 'string' && secret !== '') return secret
  throw new CliError((lang) => t(lang, 'noSecret'))
}

const depsOf = async (ctx: Ctx): Promise<KsefDeps> => {
  const store = await ctx.store()
  return {
    store,
    // Read only when a sealed secret (the KSeF token, the certificate) is opened or sealed: a PDF of a received
    // invoice, or forgetting the certificate, needs none, so they do not ask for the server's key.
    get serverSecret() {
      return serverSecret(ctx)
    },
    now: ctx.now,
    baseUrlOf: (environment) => ctx.env.FINANCE_KSEF_URL?.trim() || KSEF_BASE_URLS[environment],
  }
}

export const ksefStatusCommand = async (ctx: Ctx, o: { user: string; json?: boolean }): Promise<void> => {
  const user = await resolveUser(ctx, o.user)
  const s = await ksefStatus({ store: await ctx.store(), serverSecret: '', now: ctx.now }, user.userId)
  if (o.json) {
    ctx.out(`${JSON.stringify(s, null, 2)}\n`)
    return
  }
  const L = ctx.lang
  const fetch = s.lastFetch
    ? `${s.lastFetch.at} — ${s.lastFetch.ok ? t(L, 'fetched', s.lastFetch.received, s.lastFetch.imported, s.lastFetch.duplicates, s.lastFetch.refused) : `${t(L, 'failed')}: ${s.lastFetch.error ? (failureOf(L, s.lastFetch.error.code) ?? s.lastFetch.error.message) : ''}`}`
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
  // What to send is a usage question (exit 2), as each option's reach: the exemption basis is one invoice's.
  if ([id !== undefined, o.all === true, o.offline === true].filter(Boolean).length !== 1)
    throw new CliError((lang) => t(lang, 'idOrAll'), 2)
  if (o.exemptionBasis !== undefined && id === undefined) throw new CliError((lang) => t(lang, 'exemptionOne'), 2)
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
            : `${t(ctx.lang, 'notSentOffline', x.itemId, x.documentNumber || '-', offlineFailure(ctx.lang, x.error))}\n`,
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
            : `${t(ctx.lang, 'notSent', r.itemId, r.documentNumber || '-', notSent(ctx.lang, r.status))}${r.details.map((d) => `\n  ${invoiceMessageText(ctx.lang, d)}`).join('')}\n`,
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
  // An offline24 invoice has no unavailability to end: its deadline is the next working day whatever --ended says.
  if (o.ended !== undefined && (o.mode ?? 'offline24') === 'offline24')
    throw new CliError((lang) => t(lang, 'endedOffline24'), 2)
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
const certificateProblem = textOf('ksefCertificateProblems')

export const ksefCertificateCommand = async (
  ctx: Ctx,
  o: { user: string; cert?: string; key?: string; forget?: boolean },
): Promise<void> => {
  if (o.forget && (o.cert !== undefined || o.key !== undefined)) throw new CliError((lang) => t(lang, 'forgetAlone'), 2)
  // The two files, or null to forget: checked before the store is opened.
  const files = o.forget ? null : o.cert && o.key ? { cert: o.cert, key: o.key } : undefined
  if (files === undefined) throw new CliError((lang) => t(lang, 'certificateFiles'), 2)
  const user = await resolveUser(ctx, o.user)
  const deps = await depsOf(ctx)
  if (files === null) {
    await clearKsefCertificate(deps, user.userId)
    ctx.out(`${t(ctx.lang, 'certificateForgotten')}\n`)
    return
  }
  const read = async (file: string) => (await readInputFile(file)).toString('base64')
  const [certificate, privateKey] = [await read(files.cert), await read(files.key)]
  try {
    const info = await setKsefCertificate(deps, user.userId, {
      certificate,
      privateKey,
      password: ctx.env.FINANCE_KSEF_KEY_PASSWORD,
    })
    ctx.out(`${t(ctx.lang, 'certificateSaved', info.serial, info.validTo.slice(0, 10))}\n`)
  } catch (e) {
    if (!(e instanceof KsefActionError)) throw e
    throw new CliError((lang) => t(lang, 'certificateInvalid', certificateProblem(lang, e.message) ?? e.message))
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
    await writePrivateFile(target, file.body)
  } catch (e) {
    throw writeError(target, e)
  }
  ctx.out(`${t(ctx.lang, 'saved', target)}\n`)
}
