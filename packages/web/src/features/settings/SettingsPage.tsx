import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { type DisplayMode, useDisplayMode } from '../../ui/displayMode.ts'
import type { SettingsData } from '../../api/client.ts'
import { changeLocale, type Locale } from '../../i18n.ts'
import { useFormat } from '../../i18n/format.ts'
import { roleName } from '../../routing/access.ts'
import type { BackupInfo, MyDataFile } from '../safety/api.ts'
import { BackupCard, MyDataCard } from '../safety/SafetyCards.tsx'
import { SetupAgainCard } from '../setup/SetupPrompt.tsx'
import { useSession } from '../../session/SessionContext.tsx'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { useLocale } from '../account/common.tsx'
import { loadSettingsData, useSettingsData } from '../account/settingsData.ts'

const Flag = ({ locale }: { locale: Locale }) =>
  locale === 'pl' ? (
    <svg viewBox="0 0 16 10" width="32" height="20" aria-hidden="true">
      <rect width="16" height="5" fill="#fff" />
      <rect y="5" width="16" height="5" fill="#dc143c" />
      <rect width="16" height="10" fill="none" stroke="#999" strokeWidth="0.3" />
    </svg>
  ) : (
    <svg viewBox="0 0 60 30" width="32" height="20" aria-hidden="true">
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 60,30 M60,0 0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 60,30 M60,0 0,30" stroke="#C8102E" strokeWidth="3" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  )

/** Remaining session time, with Polish plural forms (1 minuta, 2 minuty, 5 minut). */
export const MinutesLeft = ({ minutes }: { minutes: number }) => (
  <Plural value={minutes} one="# minute left" other="# minutes left" />
)

/**
 * Settings (SPEC §2): user name, language, display mode, session extension, database type and size; the user's own
 * data to download, and for an ADMIN the scheduled backup's last result.
 */
export const SettingsPage = ({
  load = loadSettingsData,
  safety,
}: {
  load?: () => Promise<SettingsData>
  /** The backup and export calls (stories). */
  safety?: {
    readonly loadBackup?: () => Promise<BackupInfo>
    readonly download?: () => Promise<MyDataFile>
  }
}) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const locale = useLocale()
  const [mode, setMode] = useDisplayMode()
  const session = useSession()
  const data = useSettingsData(load, session.token)
  // Re-render every 30 s so the minutes left stay current.
  const [, tick] = useState(0)
  useEffect(() => {
    if (!session.loggedIn) return
    const timer = setInterval(() => tick((n) => n + 1), 30_000)
    return () => clearInterval(timer)
  }, [session.loggedIn])
  const setLocale = (l: Locale) => void changeLocale(l, i18n)
  const modes: { value: DisplayMode; label: string }[] = [
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
  ]
  return (
    <div className="settings">
      <Card headingLevel={1} title={<Trans>Settings</Trans>}>
        <dl className="settings__list">
          <dt>
            <Trans>User name</Trans>
          </dt>
          <dd data-testid="settings-user">{data?.name || '—'}</dd>
        </dl>
      </Card>
      <Card title={<Trans>Language</Trans>}>
        <div className="settings__flags">
          {(['pl', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              className={`flag-button${locale === l ? ' flag-button--active' : ''}`}
              aria-pressed={locale === l}
              lang={l}
              onClick={() => setLocale(l)}
            >
              <Flag locale={l} />
              <span>{l === 'pl' ? 'Polski' : 'English'}</span>
            </button>
          ))}
        </div>
      </Card>
      <Card title={<Trans>Mode</Trans>}>
        <fieldset className="settings__modes">
          <legend className="visually-hidden">{t`Mode`}</legend>
          {modes.map((m) => (
            <label key={m.value} className="radio">
              <input
                type="radio"
                name="mode"
                value={m.value}
                checked={mode === m.value}
                onChange={() => setMode(m.value)}
              />
              {m.label}
            </label>
          ))}
        </fieldset>
      </Card>
      {session.loggedIn && (
        <Card title={<Trans>Session</Trans>}>
          <p>
            <Trans>Session valid until</Trans>:{' '}
            <time data-testid="session-valid-until" dateTime={new Date(session.validUntil).toISOString()}>
              {fmt.instant(session.validUntil)}
            </time>
          </p>
          <Button disabled={session.refreshing} onClick={() => session.actor.send({ type: 'REFRESH' })}>
            <Trans>Extend the session</Trans>
          </Button>
        </Card>
      )}
      <Card title={<Trans>Database</Trans>}>
        <dl className="settings__list">
          <dt>
            <Trans>Database type</Trans>
          </dt>
          <dd data-testid="settings-db">{data?.dbName ?? '—'}</dd>
          <dt>
            <Trans>Database size</Trans>
          </dt>
          <dd data-testid="settings-size">{data ? fmt.size(Number(data.sizeInKB) * 1024) : '—'}</dd>
        </dl>
      </Card>
      {session.loggedIn && <SetupAgainCard />}
      {session.loggedIn && <MyDataCard {...(safety?.download ? { download: safety.download } : {})} />}
      {session.loggedIn && roleName(session.role) === 'ADMIN' && (
        <BackupCard {...(safety?.loadBackup ? { load: safety.loadBackup } : {})} />
      )}
      <p className="visually-hidden" aria-live="polite">
        {i18n.locale}
      </p>
    </div>
  )
}
