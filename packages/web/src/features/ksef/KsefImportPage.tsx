/**
 * companydashboard/ksef: KSeF invoices in. The user drops FA(3) XML files (as downloaded from KSeF) on the drop
 * zone or chooses them with the file chooser (keyboard: the "Choose files" button), sees the list, removes a file,
 * and imports; the report says per file what it became (an income or an expense, with its document and KSeF
 * number), that it was already in the books, or why it was refused — a refused file writes nothing.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useMemo } from 'react'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import { translateMessage } from '../../i18n/serverMessages.ts'
import { Button, DataTable, FileDrop, Loader, Section, useMessages } from '../../ui/index.ts'
import { createKsefApi, type KsefApi, ksefActors } from './api.ts'
import { KsefOnlinePanel } from './KsefOnlinePanel.tsx'
import { ksefMachine } from './ksefMachine.ts'
import { describeFinding, parseSchemaDetail } from './schemaReasons.ts'
import { createKsefOnlineApi, type KsefOnlineApi } from './onlineApi.ts'
import type { KsefImportResult, KsefMessage } from './types.ts'
import './ksef.css'

type Props = {
  /** The import's effect and, when the screen is to show it, the KSeF connection's (the real API without `effects`). */
  effects?: Pick<KsefApi, 'importFiles'> & { online?: KsefOnlineApi }
}

/** The reasons and notes of the report, by code, in the user's language. */
const CODES: Record<string, MessageDescriptor> = {
  SCHEMA: msg`Not a valid FA(3) invoice (checked against the official schema)`,
  NOT_UTF8: msg`The file is not UTF-8 text`,
  DOCTYPE: msg`The file declares a document type (DOCTYPE), which an FA(3) invoice has not`,
  TOO_LARGE: msg`The file is larger than 5 MB`,
  NO_COMPANY_NIP: msg`Enter your company's NIP in Primary data before importing invoices`,
  BOTH_OURS: msg`The seller and the buyer are both your company`,
  NOT_OURS: msg`Your company is neither the seller (Podmiot1) nor the buyer (Podmiot2) of this invoice`,
  KSEF_NUMBER: msg`The KSeF number is not valid`,
  UNSUPPORTED: msg`This kind of invoice is not supported: enter it by hand`,
  NO_AMOUNTS: msg`The invoice states no amounts to record`,
  VALIDATION: msg`This document is already in the books`,
  NO_KSEF_NUMBER: msg`No KSeF number: enter it (or a marker) before filing JPK_V7`,
  CORRECTED_NOT_FOUND: msg`The corrected invoice is not in the books`,
}

/** The notes that name a value of the file, by code (`date`: a date written as the app writes dates). */
const CODES_WITH_PARAMS: Record<
  string,
  (p: Readonly<Record<string, string>>, date: (iso: string) => string) => MessageDescriptor
> = {
  KSEF_NUMBER_CHECK: (p) => {
    const value = p.value ?? ''
    return msg`The check digits of the KSeF number ${value} do not hold: compare it with KSeF before filing JPK_V7`
  },
  RECEIVED_LATER: (p, formatDate) => {
    const date = p.date ? formatDate(p.date) : ''
    return msg`Received in KSeF on ${date}, in a later month than its date: its VAT is deducted no earlier than in that month; the cost keeps the invoice's date`
  },
}

/** A file name that carries its KSeF number (as KSeF names its downloads): no number to enter. */
const KSEF_FILE_NAME = /\d{10}-\d{8}-[0-9A-F]{6}-?[0-9A-F]{6}-[0-9A-F]{2}/i

export const KsefImportPage = ({ effects }: Props) => {
  const { t, i18n } = useLingui()
  // Sizes as the rest of the app writes them: a decimal comma in Polish ("4,5 kB").
  const fmt = useFormat()
  const messages = useMessages()
  const machine = useMemo(() => ksefMachine.provide({ actors: ksefActors(effects ?? createKsefApi()) }), [effects])
  const actor = useActorRef(machine)
  const online = useMemo(() => (effects ? (effects.online ?? null) : createKsefOnlineApi()), [effects])
  const files = useSelector(actor, (s) => s.context.files)
  const results = useSelector(actor, (s) => s.context.results)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const hintId = useId()

  const text = (m: KsefMessage) => {
    const withParams = CODES_WITH_PARAMS[m.code]
    if (withParams) return i18n._(withParams(m.params ?? {}, fmt.date))
    const known = CODES[m.code]
    if (!known) return translateMessage(i18n, m.message)
    if (m.code !== 'SCHEMA' || !m.params?.detail) return i18n._(known)
    // The validator's finding in plain words, naming the field, with the line of the file it is on.
    const reason = describeFinding(i18n, parseSchemaDetail(m.params.detail))
    return m.params.line ? `${reason} (${t`line ${m.params.line}`})` : reason
  }

  useEffect(() => {
    const subs = [
      actor.on('imported', (e) => {
        const imported = e.results.filter((r) => r.status === 'imported').length
        const total = e.results.length
        if (imported === total) messages.info(t`Imported ${imported} of ${total} files`)
        else messages.error(t`Imported ${imported} of ${total} files; see the report below`)
      }),
      actor.on('failed', (e) => {
        const errors = isApiError(e.error) ? e.error.errors : []
        messages.error(
          errors.length > 0
            ? errors.map((m) => translateMessage(i18n, m)).join(' ')
            : t`Response error, can not connect to API.`,
        )
      }),
    ]
    return () => {
      for (const s of subs) s.unsubscribe()
    }
  }, [actor, messages, t, i18n])

  const statusText = (r: KsefImportResult) =>
    r.status === 'imported'
      ? r.kind === 'income'
        ? t`Imported as an income`
        : t`Imported as an expense`
      : r.status === 'duplicate'
        ? t`Already in the books`
        : t`Refused`

  return (
    <div className="ksef-page" aria-busy={busy}>
      <h1 className="page-title">
        <Trans>KSeF invoices</Trans>
      </h1>
      {online && <KsefOnlinePanel effects={online} />}
      <h2>
        <Trans>Import FA(3) files</Trans>
      </h2>
      <p className="ksef-page__intro" id={hintId}>
        <Trans>
          Drop FA(3) invoices downloaded from KSeF here. An invoice your company bought becomes an expense, one it
          issued becomes an income, with its number, dates, counterparty, net and VAT per rate and its KSeF number. Each
          file is checked against the official FA(3) schema; a file that fails is reported and nothing of it is written.
        </Trans>
      </p>
      <FileDrop
        label={t`Drop zone for FA(3) files`}
        prompt={<Trans>Drag XML files here, or</Trans>}
        choose={<Trans>Choose files</Trans>}
        describedBy={hintId}
        disabled={busy}
        accept=".xml,application/xml,text/xml"
        testId="ksef-files"
        onFiles={(files) => actor.send({ type: 'ADD', files })}
      />
      {files.length > 0 && (
        <Section id="ksef-picked" className="ksef-page__picked" title={<Trans>Files to import ({files.length})</Trans>}>
          <ul className="ksef-page__files">
            {files.map(({ file: f, ksefNumber }, i) => (
              <li key={`${f.name}-${f.size}`}>
                <span className="ksef-page__file-name">{f.name}</span> <span className="muted">{fmt.size(f.size)}</span>{' '}
                {!KSEF_FILE_NAME.test(f.name) && (
                  <label className="ksef-page__number">
                    <span className="visually-hidden">{t`KSeF number of ${f.name}`}</span>
                    <input
                      type="text"
                      value={ksefNumber}
                      placeholder={t`optional: NIP-YYYYMMDD-…`}
                      disabled={busy}
                      onChange={(e) => actor.send({ type: 'SET_NUMBER', index: i, ksefNumber: e.target.value })}
                    />
                  </label>
                )}
                <Button
                  variant="link"
                  onClick={() => actor.send({ type: 'REMOVE', index: i })}
                  aria-label={t`Remove ${f.name}`}
                  disabled={busy}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
          <div className="ksef-page__actions">
            <Button onClick={() => actor.send({ type: 'IMPORT' })} disabled={busy}>
              <Plural value={files.length} one="Import # file" other="Import # files" />
            </Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'CLEAR' })} disabled={busy}>
              <Trans>Clear</Trans>
            </Button>
          </div>
        </Section>
      )}
      <Loader active={busy} />
      {results !== null && (
        <Section id="ksef-report" title={<Trans>Import report</Trans>}>
          <DataTable
            wrapClass="ksef-report-wrap"
            className="ksef-report"
            caption={
              <caption className="visually-hidden">
                <Trans>What each file became</Trans>
              </caption>
            }
            columns={[t`File`, t`Result`, t`Document`, t`KSeF number`, t`Notes`]}
            rows={results}
            row={(r) => (
              <tr
                key={`${r.fileName}-${r.status}-${r.documentNumber ?? ''}-${r.ksefNumber ?? ''}`}
                className={`ksef-report__row ksef-report__row--${r.status}`}
              >
                <td data-label={t`File`}>{r.fileName}</td>
                <td data-label={t`Result`}>{statusText(r)}</td>
                <td data-label={t`Document`}>{r.documentNumber ?? ''}</td>
                <td data-label={t`KSeF number`}>{r.ksefNumber ?? ''}</td>
                <td data-label={t`Notes`}>
                  {r.problems.length + r.warnings.length > 0 && (
                    <ul>
                      {[...r.problems, ...r.warnings].map((m) => (
                        <li key={`${m.code}-${m.message}`}>{text(m)}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            )}
          />
        </Section>
      )}
    </div>
  )
}
