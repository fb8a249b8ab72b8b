/**
 * The KSeF connection on the KSeF screen: the environment and whether a token is stored (the token is typed once,
 * sent to the server, and never shown again), fetching the invoices received since the last fetch with its result,
 * and the one-time company incomes still to send, each with a Send action that records the KSeF number.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { isApiError } from '../../api/client.ts'
import { translateMessage } from '../../i18n/serverMessages.ts'
import { formatMoneyWithCurrency, useLanguage } from '../../forms/index.ts'
import { Button, Select, TextInput, useMessages } from '../../ui/index.ts'
import type { KsefConnection, KsefEnvironment, KsefOnlineApi, UnsentInvoice } from './onlineApi.ts'

/** The API's KSeF messages, in the user's language. */
const SERVER: Record<string, MessageDescriptor> = {
  'Enter your KSeF token first': msg`Enter your KSeF token first`,
  "Enter the company's NIP in the company data first": msg`Enter the company's NIP in the company data first`,
  'The KSeF token must be 10 to 1000 printable characters without spaces': msg`The KSeF token must be 10 to 1000 printable characters without spaces`,
  'KSeF limits the requests: try again later': msg`KSeF limits the requests: try again later`,
  'KSeF is not answering: try again later': msg`KSeF is not answering: try again later`,
  'KSeF refused the token: check it and its permissions': msg`KSeF refused the token: check it and its permissions`,
  'KSeF refused the request': msg`KSeF refused the request`,
  'KSeF answered in an unexpected way': msg`KSeF answered in an unexpected way`,
  'KSeF already holds another invoice with this number: give the income another document number': msg`KSeF already holds another invoice with this number: give the income another document number`,
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

export const KsefOnlinePanel = ({ effects }: Props) => {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const messages = useMessages()
  const [connection, setConnection] = useState<KsefConnection | null>(null)
  const [unsent, setUnsent] = useState<UnsentInvoice[]>([])
  const [token, setToken] = useState('')
  const [environment, setEnvironment] = useState<KsefEnvironment>('TEST')
  const [busy, setBusy] = useState(true)

  const say = useCallback(
    (m: string) => {
      const known = SERVER[m]
      return known ? i18n._(known) : translateMessage(i18n, m)
    },
    [i18n],
  )
  const failed = useCallback(
    (e: unknown) => {
      const errors = isApiError(e) ? e.errors : []
      messages.error(errors.length > 0 ? errors.map(say).join(' ') : t`Response error, can not connect to API.`)
    },
    [messages, say, t],
  )
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
      const r = await effects.send(invoice.id)
      messages.info(t`Sent ${invoice.documentNumber}: KSeF number ${r.ksefNumber}`)
      setUnsent((list) => list.filter((i) => i.id !== invoice.id))
      setConnection(await effects.connection())
    })

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
                ? t`${new Date(last.at).toLocaleString(i18n.locale)}: received ${last.received}, imported ${last.imported}, already in the books ${last.duplicates}, refused ${last.refused}`
                : t`${new Date(last.at).toLocaleString(i18n.locale)}: failed — ${last.error ? i18n._(CODES[last.error.code] ?? msg`KSeF refused the request`) : ''}`}
          </dd>
        </dl>
      )}
      <form className="ksef-online__token" onSubmit={save}>
        <TextInput
          label={t`KSeF token`}
          type="password"
          autoComplete="off"
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
        <Button type="submit" disabled={busy || token.trim() === ''}>
          <Trans>Save token</Trans>
        </Button>
        {connection?.hasToken && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => act(async () => setConnection(await effects.forgetToken()))}
          >
            <Trans>Forget token</Trans>
          </Button>
        )}
      </form>
      <p className="muted" data-testid="ksef-offline24">
        <Trans>
          Offline24 invoices cannot be issued: they need a KSeF certificate of type Offline (for the QR code KOD II),
          which Finance does not hold yet.
        </Trans>
      </p>
      <div className="ksef-online__actions">
        <Button onClick={() => void fetchNow()} disabled={busy || !connection?.hasToken}>
          <Trans>Fetch received invoices</Trans>
        </Button>
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
          {unsent.map((i) => (
            <li key={i.id}>
              <span>
                {i.documentNumber} · {i.date} · {formatMoneyWithCurrency(i.amount, language)}
              </span>{' '}
              <Button
                variant="secondary"
                onClick={() => void send(i)}
                disabled={busy || !connection?.hasToken}
                aria-label={t`Send ${i.documentNumber} to KSeF`}
              >
                <Trans>Send</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
