/**
 * The choice made when an invoice is issued offline (tryby-offline.md): the mode and, for KSeF's announced
 * unavailability or failure, the day it ended when that is known (the deadline runs from it; while it lasts the
 * deadline is told once KSeF answers again). offline24 is the taxpayer's own choice and needs the KSeF certificate of
 * type Offline; the other two follow the Ministry's announcement and need no certificate here.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useDatePickerLabels } from '../../forms/index.ts'
import { Button, DateField, Modal, Select } from '../../ui/index.ts'
import { type OfflineMode, type UnsentInvoice, unsentLabel } from './onlineApi.ts'

/** The offline modes of tryby-offline.md, as the screens name them. */
export const MODES: Record<OfflineMode, MessageDescriptor> = {
  offline24: msg`offline24`,
  offline: msg`offline (KSeF unavailable)`,
  awaryjny: msg`emergency (KSeF failure)`,
}

type Props = {
  invoice: UnsentInvoice
  /** The user's KSeF certificate of type Offline is kept (offline24 can be chosen). */
  certificate: boolean
  busy: boolean
  /** The problem of the last try, in the user's language, shown in the dialog. */
  error: string | null
  onIssue: (mode: OfflineMode, unavailabilityEnd: string | null) => void
  onCancel: () => void
}

export const OfflineDialog = ({ invoice, certificate, busy, error, onIssue, onCancel }: Props) => {
  const { t, i18n } = useLingui()
  const labels = useDatePickerLabels()
  const titleId = useId()
  const errorId = useId()
  const modeRef = useRef<HTMLSelectElement>(null)
  const [mode, setMode] = useState<OfflineMode>(certificate ? 'offline24' : 'offline')
  const [ended, setEnded] = useState('')
  const announced = mode !== 'offline24'
  const options = (Object.keys(MODES) as OfflineMode[]).map((value) => ({ value, label: i18n._(MODES[value]) }))
  const hint =
    mode === 'offline24'
      ? certificate
        ? t`Your choice, with the KSeF certificate of type Offline: send it to KSeF by the next working day after its issue date.`
        : t`Your choice, but it needs the KSeF certificate of type Offline: upload it first.`
      : mode === 'offline'
        ? t`KSeF's unavailability announced by the Ministry: send it to KSeF by the next working day after it ends.`
        : t`KSeF's failure announced by the Ministry: send it to KSeF within 7 working days after it ends.`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onIssue(mode, announced && ended !== '' ? ended : null)
  }
  return (
    <Modal onClose={onCancel} labelledBy={titleId} describedBy={error ? errorId : undefined} initialFocus={modeRef}>
      <form onSubmit={submit} noValidate>
        <h2 className="dialog__title" id={titleId}>
          <Trans>Issue {unsentLabel(invoice)} offline</Trans>
        </h2>
        <Select
          ref={modeRef}
          label={t`Offline mode`}
          value={mode}
          options={options}
          hint={hint}
          onChange={(e) => setMode(e.target.value as OfflineMode)}
        />
        {announced && (
          <DateField
            label={mode === 'offline' ? t`The unavailability ended on` : t`The failure ended on`}
            hint={t`Leave empty while it lasts: the deadline is told once KSeF answers again.`}
            value={ended}
            labels={labels}
            onChange={(e) => setEnded(e.target.value)}
          />
        )}
        {error && (
          <p className="field__error" role="alert" id={errorId}>
            {error}
          </p>
        )}
        <div className="dialog__buttons">
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={busy || (mode === 'offline24' && !certificate)} aria-busy={busy || undefined}>
            <Trans>Issue offline</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  )
}
