/**
 * The KSeF connection on the KSeF screen: the environment and whether a token is stored (the token is typed once,
 * sent to the server, and never shown again), fetching the invoices received since the last fetch with its result,
 * and the one-time company incomes still to send, each with a Send action that records the KSeF number. Offline
 * invoices (tryby-offline.md): an income can be issued offline in the mode the user chooses (`OfflineDialog`:
 * offline24, with the KSeF certificate of type Offline that signs KOD II, uploaded here and never shown again; or
 * KSeF's announced unavailability or failure, with the day it ended); a sending that finds KSeF down keeps the
 * invoice offline; each waiting invoice shows its mode and the last day to send it.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { isApiError } from '../../api/client.ts'
import { useInvoiceMessage } from '../invoices/messages.ts'
import { formatMoneyWithCurrency, useLanguage } from '../../forms/index.ts'
import { formatDate, formatInstant } from '@finance/ledger-core/format'
import { Button, FileInput, SecretInput, Select, useMessages } from '../../ui/index.ts'
import { MODES, OfflineDialog } from './OfflineDialog.tsx'
import {
  type KsefConnection,
  type KsefEnvironment,
  type KsefOnlineApi,
  type OfflineMode,
  type PendingOffline,
  type UnsentInvoice,
  unsentLabel,
} from './onlineApi.ts'

/** The API's KSeF messages, in the user's language. */
const SERVER: Record<string, MessageDescriptor> = {
  'The end of the unavailability must be a date from the issue date to a year after it': msg`The end of the unavailability must be a date from the issue date to a year after it`,
  'Offline mode must be offline24, offline or awaryjny': msg`Offline mode must be offline24, offline or awaryjny`,
  'Enter your KSeF token first': msg`Enter your KSeF token first`,
  "Enter the company's NIP in the company data first": msg`Enter the company's NIP in the company data first`,
  'The KSeF token must be 10 to 1000 printable characters without spaces': msg`The KSeF token must be 10 to 1000 printable characters without spaces`,
  'KSeF limits the requests: try again later': msg`KSeF limits the requests: try again later`,
  'KSeF is not answering: try again later': msg`KSeF is not answering: try again later`,
  'KSeF refused the token: check it and its permissions': msg`KSeF refused the token: check it and its permissions`,
  'KSeF refused the request': msg`KSeF refused the request`,
  'KSeF answered in an unexpected way': msg`KSeF answered in an unexpected way`,
  'KSeF already holds another invoice with this number: give the income another document number': msg`KSeF already holds another invoice with this number: give the income another document number`,
  'KSeF is not answering: the invoice is kept as an offline invoice and will be sent when KSeF is back': msg`KSeF is not answering: the invoice is kept as an offline invoice and will be sent when KSeF is back`,
  'An offline24 invoice cannot be issued without a KSeF certificate of type Offline: upload it first': msg`An offline24 invoice cannot be issued without a KSeF certificate of type Offline: upload it first`,
  'The certificate must be an X.509 certificate in PEM or DER form': msg`The certificate must be an X.509 certificate in PEM or DER form`,
  'This is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)': msg`This is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)`,
  'The certificate is not valid now': msg`The certificate is not valid now`,
  'The private key must be in PEM or DER form': msg`The private key must be in PEM or DER form`,
  'The password does not open the private key': msg`The password does not open the private key`,
  'The private key does not belong to the certificate': msg`The private key does not belong to the certificate`,
  'The key must be RSA of at least 2048 bits or ECDSA P-256': msg`The key must be RSA of at least 2048 bits or ECDSA P-256`,
}

/** The codes of a failed fetch, kept with its result. */
const CODES: Record<string, MessageDescriptor> = {
  NO_TOKEN: msg`Enter your KSeF token first`,
  NO_NIP: msg`Enter the company's NIP in the company data first`,
  RATE_LIMITED: msg`KSeF limits the requests: try again later`,
  UNAVAILABLE: msg`KSeF is not answering: try again later`,
  UNAUTHORIZED: msg`KSeF refused the token: check it and its permissions`,
  REJECTED: msg`KSeF refused the request`,
  PROTOCOL: msg`KSeF answered in an unexpected way`,
}

type Props = { effects: KsefOnlineApi }

/** A secret's save button (a submit), and once one is kept the button that forgets it. */
const SaveOrForget = ({
  busy,
  canSave,
  kept,
  onForget,
  save,
  forget,
}: {
  busy: boolean
  canSave: boolean
  kept: boolean
  onForget: () => void
  save: ReactNode
  forget: ReactNode
}) => (
  <>
    <Button type="submit" disabled={busy || !canSave}>
      {save}
    </Button>
    {kept && (
      <Button variant="secondary" disabled={busy} onClick={onForget}>
        {forget}
      </Button>
    )}
  </>
)

export const KsefOnlinePanel = ({ effects }: Props) => {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const messages = useMessages()
  const [connection, setConnection] = useState<KsefConnection | null>(null)
  const [unsent, setUnsent] = useState<UnsentInvoice[]>([])
  const [token, setToken] = useState('')
  const [environment, setEnvironment] = useState<KsefEnvironment>('TEST')
  const [busy, setBusy] = useState(true)
  const [certificate, setCertificate] = useState<File | null>(null)
  const [privateKey, setPrivateKey] = useState<File | null>(null)
  const [password, setPassword] = useState('')
  const [certificateForm, setCertificateForm] = useState(0)
  /** The invoice whose offline issue is being chosen, and the problem of the last try. */
  const [offlineOf, setOfflineOf] = useState<UnsentInvoice | null>(null)
  const [offlineError, setOfflineError] = useState<string | null>(null)

  // An invoice that cannot be made answers the invoices' own messages (its company address, a buyer's NIP…).
  const invoiceMessage = useInvoiceMessage()
  const say = useCallback(
    (m: string) => {
      const known = SERVER[m]
      return known ? i18n._(known) : invoiceMessage(m)
    },
    [i18n, invoiceMessage],
  )
  /** What a failed call says: the server's reasons in the user's language, else that it cannot be reached. */
  const reasonOf = useCallback(
    (e: unknown): string => {
      const errors = isApiError(e) ? e.errors : []
      return errors.length > 0 ? errors.map(say).join(' ') : t`Response error, can not connect to API.`
    },
    [say, t],
  )
  const failed = useCallback((e: unknown) => messages.error(reasonOf(e)), [messages, reasonOf])
  const load = useCallback(async () => {
    setBusy(true)
    try {
      const [c, u] = await Promise.all([effects.connection(), effects.unsent()])
      setConnection(c)
      setEnvironment(c.environment)
      setUnsent(u)
    } catch (e) {
      failed(e)
    } finally {
      setBusy(false)
    }
  }, [effects, failed])
  useEffect(() => {
    void load()
  }, [load])

  const act = async (what: () => Promise<void>) => {
    setBusy(true)
    try {
      await what()
    } catch (e) {
      failed(e)
    } finally {
      setBusy(false)
    }
  }

  const save = (e: FormEvent) => {
    e.preventDefault()
    void act(async () => {
      setConnection(await effects.saveToken(token, environment))
      // The token leaves the screen once sent: it is never shown again.
      setToken('')
      messages.info(t`The KSeF token is saved`)
    })
  }

  const fetchNow = () =>
    act(async () => {
      try {
        const r = await effects.fetchNow()
        messages.info(t`Received ${r.received}, imported ${r.imported}`)
      } finally {
        setConnection(await effects.connection())
      }
    })

  const send = (invoice: UnsentInvoice) =>
    act(async () => {
      try {
        const r = await effects.send(invoice.id)
        messages.info(t`Sent ${unsentLabel(invoice)}: KSeF number ${r.ksefNumber}`)
        setUnsent((list) => list.filter((i) => i.id !== invoice.id))
      } finally {
        // KSeF down keeps the invoice offline: the list shows it with its deadline.
        setConnection(await effects.connection())
      }
    })

  const issueOffline = async (invoice: UnsentInvoice, mode: OfflineMode, unavailabilityEnd: string | null) => {
    setBusy(true)
    setOfflineError(null)
    try {
      const p = await effects.issueOffline(invoice.id, mode, unavailabilityEnd)
      setOfflineOf(null)
      messages.info(
        p.deadline
          ? t`${unsentLabel(invoice)} issued offline: send it to KSeF by ${formatDate(language, p.deadline)}`
          : t`${unsentLabel(invoice)} issued offline: ${deadlineOf(p)}`,
      )
      setConnection(await effects.connection())
    } catch (e) {
      // The dialog stays open with the reason, and the choice made.
      setOfflineError(reasonOf(e))
    } finally {
      setBusy(false)
    }
  }

  const sendOffline = () =>
    act(async () => {
      try {
        const r = await effects.sendOffline()
        messages.info(t`Offline invoices sent: ${r.sent}, not sent: ${r.failed}`)
        setUnsent(await effects.unsent())
      } finally {
        setConnection(await effects.connection())
      }
    })

  const saveCertificate = (e: FormEvent) => {
    e.preventDefault()
    if (!certificate || !privateKey) return
    void act(async () => {
      setConnection(await effects.saveCertificate(certificate, privateKey, password))
      // Neither the key nor the password stays on the screen.
      setPassword('')
      setCertificate(null)
      setPrivateKey(null)
      setCertificateForm((n) => n + 1)
      messages.info(t`The KSeF certificate is saved: offline24 invoices can be issued`)
    })
  }

  const pendingOf = new Map((connection?.pendingOffline ?? []).map((p) => [p.itemId, p]))
  const deadlineOf = (p: PendingOffline) =>
    p.deadline
      ? t`send to KSeF by ${formatDate(language, p.deadline)}`
      : p.mode === 'awaryjny'
        ? t`send to KSeF within 7 working days after the failure ends`
        : t`send to KSeF on the working day after KSeF is back`

  const last = connection?.lastFetch ?? null
  return (
    <section className="ksef-online" aria-labelledby="ksef-online" aria-busy={busy}>
      <h2 id="ksef-online">
        <Trans>KSeF connection</Trans>
      </h2>
      {connection && (
        <dl className="ksef-online__status">
          <dt>
            <Trans>Environment</Trans>
          </dt>
          <dd data-testid="ksef-environment">{connection.environment}</dd>
          <dt>
            <Trans>Token</Trans>
          </dt>
          <dd data-testid="ksef-token-state">{connection.hasToken ? t`Saved` : t`Not entered`}</dd>
          <dt>
            <Trans>Last fetch</Trans>
          </dt>
          <dd data-testid="ksef-last-fetch">
            {last === null
              ? t`Not yet`
              : last.ok
                ? t`${formatInstant(language, last.at)}: received ${last.received}, imported ${last.imported}, already in the books ${last.duplicates}, refused ${last.refused}`
                : t`${formatInstant(language, last.at)}: failed — ${last.error ? i18n._(CODES[last.error.code] ?? msg`KSeF refused the request`) : ''}`}
          </dd>
        </dl>
      )}
      <form className="ksef-online__token" onSubmit={save}>
        <SecretInput
          label={t`KSeF token`}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          disabled={busy}
          required
        />
        <Select
          label={t`Environment`}
          value={environment}
          onChange={(e) => setEnvironment(e.target.value as KsefEnvironment)}
          disabled={busy}
          options={[
            { value: 'TEST', label: t`TEST (test environment)` },
            { value: 'DEMO', label: t`DEMO (pre-production)` },
            { value: 'PROD', label: t`PROD (production)` },
          ]}
        />
        <SaveOrForget
          busy={busy}
          canSave={token.trim() !== ''}
          kept={connection?.hasToken === true}
          onForget={() => act(async () => setConnection(await effects.forgetToken()))}
          save={<Trans>Save token</Trans>}
          forget={<Trans>Forget token</Trans>}
        />
      </form>
      <p className="muted" data-testid="ksef-offline24">
        {connection?.offline24 ? (
          <Trans>
            Offline24 invoices can be issued: the KSeF certificate no. {connection.certificate?.serial ?? ''}, valid
            until {formatDate(language, connection.certificate?.validTo.slice(0, 10) ?? '')}, signs their QR code KOD
            II.
          </Trans>
        ) : (
          <Trans>
            Offline24 invoices cannot be issued without a KSeF certificate of type Offline (it signs the QR code KOD
            II): upload it below.
          </Trans>
        )}
      </p>
      <form className="ksef-online__certificate" onSubmit={saveCertificate} key={certificateForm}>
        <FileInput
          label={t`KSeF certificate of type Offline (.crt, .pem, .cer)`}
          accept=".crt,.pem,.cer,.der"
          onFile={setCertificate}
          disabled={busy}
        />
        <FileInput label={t`Private key (.key, .pem)`} accept=".key,.pem,.der" onFile={setPrivateKey} disabled={busy} />
        <SecretInput
          label={t`Private key password`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
        />
        <SaveOrForget
          busy={busy}
          canSave={certificate !== null && privateKey !== null}
          kept={Boolean(connection?.certificate)}
          onForget={() => act(async () => setConnection(await effects.forgetCertificate()))}
          save={<Trans>Save certificate</Trans>}
          forget={<Trans>Forget certificate</Trans>}
        />
      </form>
      <div className="ksef-online__actions">
        <Button onClick={() => void fetchNow()} disabled={busy || !connection?.hasToken}>
          <Trans>Fetch received invoices</Trans>
        </Button>
        {(connection?.pendingOffline.length ?? 0) > 0 && (
          <Button onClick={() => void sendOffline()} disabled={busy || !connection?.hasToken}>
            <Trans>Send offline invoices now</Trans>
          </Button>
        )}
      </div>
      <h3>
        <Trans>Invoices to send</Trans>
      </h3>
      {unsent.length === 0 ? (
        <p className="muted">
          <Trans>Every one-time company income is in KSeF.</Trans>
        </p>
      ) : (
        <ul className="ksef-online__unsent">
          {unsent.map((i) => {
            const offline = pendingOf.get(i.id)
            return (
              <li key={i.id}>
                <span>
                  {i.documentNumber.trim() !== '' && `${i.documentNumber} · `}
                  {i.name} · {formatDate(language, i.date)} · {formatMoneyWithCurrency(i.amount, language)}
                </span>{' '}
                {offline && (
                  <span className="ksef-online__offline" data-testid="ksef-offline-state">
                    {t`Offline, ${i18n._(MODES[offline.mode])}: ${deadlineOf(offline)}`}
                  </span>
                )}{' '}
                {!offline && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setOfflineError(null)
                      setOfflineOf(i)
                    }}
                    disabled={busy}
                    aria-label={t`Issue ${unsentLabel(i)} offline`}
                  >
                    <Trans>Issue offline</Trans>
                  </Button>
                )}{' '}
                <Button
                  variant="secondary"
                  onClick={() => void send(i)}
                  disabled={busy || !connection?.hasToken}
                  aria-label={t`Send ${unsentLabel(i)} to KSeF`}
                >
                  <Trans>Send</Trans>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {offlineOf && (
        <OfflineDialog
          invoice={offlineOf}
          certificate={connection?.offline24 === true}
          busy={busy}
          error={offlineError}
          onIssue={(mode, ended) => void issueOffline(offlineOf, mode, ended)}
          onCancel={() => setOfflineOf(null)}
        />
      )}
    </section>
  )
}
