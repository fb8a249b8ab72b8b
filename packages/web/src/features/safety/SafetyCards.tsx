/**
 * Two cards of the Settings screen: "Backup" (ADMIN only: is the scheduled backup on, and how did the last one go)
 * and "Your data" (every user: download all of the books' history in Finance's own format, to keep or to take to
 * another installation).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { useMessages } from '../../ui/messages.tsx'
import { type BackupInfo, downloadMyData, loadBackupInfo, type MyDataFile, saveMyData } from './api.ts'

/** One term of a description list and what it says. */
const Term = ({ label, children }: { label: ReactNode; children: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </>
)

export const BackupCard = ({ load = () => loadBackupInfo() }: { load?: () => Promise<BackupInfo> }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const [info, setInfo] = useState<BackupInfo | null>(null)
  const [failed, setFailed] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once
  useEffect(() => {
    let live = true
    load().then(
      (i) => live && setInfo(i),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])
  const last = info?.last ?? null
  return (
    <Card title={<Trans>Backup</Trans>}>
      <div aria-busy={info === null && !failed} data-testid="backup-card">
        {failed && (
          <p>
            <Trans>The backup status could not be read.</Trans>
          </p>
        )}
        {info && !info.configured && (
          <p data-testid="backup-off">
            <Trans>
              Scheduled backup is off. Set FINANCE_BACKUP_DIR on the server to turn it on (see the operations guide);
              until then, take copies with the finance backup command.
            </Trans>
          </p>
        )}
        {info?.configured && (
          <p data-testid="backup-schedule">
            {t`Every ${fmt.number(info.intervalHours ?? 0)} h; copies kept: ${fmt.number(info.keep ?? 0)}`}
          </p>
        )}
        {info?.configured && last === null && (
          <p data-testid="backup-none">
            <Trans>No backup has been taken yet.</Trans>
          </p>
        )}
        {last && (
          <dl className="settings__list" data-testid="backup-last">
            <dt>
              <Trans>Last backup</Trans>
            </dt>
            <dd>
              <time dateTime={last.at}>{fmt.instant(last.at)}</time>
            </dd>
            <dt>
              <Trans>Result</Trans>
            </dt>
            <dd data-testid="backup-result">
              {last.ok ? (
                t`Backup completed`
              ) : (
                <>
                  {t`The backup failed; the server log says why.`} <code>{last.error ?? 'failed'}</code>
                </>
              )}
            </dd>
            {last.ok && last.sizeBytes !== null && <Term label={<Trans>Size</Trans>}>{fmt.size(last.sizeBytes)}</Term>}
            {last.ok && last.events !== null && <Term label={<Trans>Events</Trans>}>{fmt.number(last.events)}</Term>}
            {last.ok && last.digest !== null && (
              <Term label={<Trans>Replay digest</Trans>}>
                <code title={last.digest}>{last.digest.slice(0, 16)}…</code>
              </Term>
            )}
          </dl>
        )}
      </div>
    </Card>
  )
}

export const MyDataCard = ({
  download = () => downloadMyData(),
  save = saveMyData,
}: {
  download?: () => Promise<MyDataFile>
  save?: (file: MyDataFile) => void
}) => {
  const { t } = useLingui()
  const messages = useMessages()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const file = await download()
      save(file)
      messages.info(t`File ${file.fileName} downloaded`)
    } catch (e) {
      messages.error(
        isApiError(e) && e.status !== 0
          ? t`The export failed; try again later.`
          : t`Response error, can not connect to API.`,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={<Trans>Your data</Trans>}>
      <p>
        <Trans>
          Every change ever made to your books, in Finance's own documented format: keep it as a copy, or import it into
          another Finance installation.
        </Trans>
      </p>
      <Button onClick={() => void run()} disabled={busy} aria-busy={busy} data-testid="export-my-data">
        <Trans>Export my data</Trans>
      </Button>
    </Card>
  )
}
