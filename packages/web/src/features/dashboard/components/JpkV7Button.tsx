/**
 * The VAT card's "Download JPK_V7" button: the JPK_V7M of the card's month, or the JPK_V7K of its quarter
 * (`GET jpk/v7/{period}`), written from the same engine as the card, so its declaration is the card's figures.
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type ApiClient, api, isApiError } from '../../../api/client.ts'
import { translateMessage } from '../../../i18n/serverMessages.ts'
import { Button, useMessages } from '../../../ui/index.ts'
import { saveFile } from '../../books/api.ts'

/** `2026-03` for a month, `2026-Q1` for a quarter (the period's last month names it). */
export const v7Period = (period: { from: string; to: string }): string =>
  period.from === period.to ? period.from : `${period.to.slice(0, 4)}-Q${Math.ceil(Number(period.to.slice(5, 7)) / 3)}`

export const downloadV7 = async (period: string, client: ApiClient = api) => {
  const xml = await client.get<string>(`jpk/v7/${period}`)
  const form = period.includes('Q') ? 'JPK_V7K' : 'JPK_V7M'
  return { fileName: `${form}_${period}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
}

type Props = {
  period: { from: string; to: string }
  download?: (period: string) => Promise<{ fileName: string; xml: string }>
  save?: (file: { fileName: string; xml: string }) => void
}

export const JpkV7Button = ({ period, download = downloadV7, save = saveFile }: Props) => {
  const { t, i18n } = useLingui()
  const messages = useMessages()
  const [busy, setBusy] = useState(false)
  const p = v7Period(period)
  const onClick = async () => {
    setBusy(true)
    try {
      const file = await download(p)
      save(file)
      messages.info(t`File ${file.fileName} downloaded`)
    } catch (e) {
      const errors = isApiError(e) ? e.errors : []
      messages.error(
        errors.length > 0
          ? errors.map((m) => translateMessage(i18n, m)).join(' ')
          : t`Response error, can not connect to API.`,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" className="jpk-v7-button" onClick={onClick} disabled={busy} aria-busy={busy}>
      {p.includes('Q') ? t`Download JPK_V7K for ${p}` : t`Download JPK_V7M for ${p}`}
    </Button>
  )
}
