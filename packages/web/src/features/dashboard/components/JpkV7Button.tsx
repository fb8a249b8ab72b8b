/**
 * The VAT card's "Download JPK_V7" button: the JPK_V7M of the card's month, or the JPK_V7K of its quarter
 * (`GET jpk/v7/{period}`), written from the same engine as the card, so its declaration is the card's figures.
 */
import { useLingui } from '@lingui/react/macro'
import { type ApiClient, api } from '../../../api/client.ts'
import { type DownloadedFile, useDownload } from '../../../api/useDownload.ts'
import { type Format, useFormat } from '../../../i18n/format.ts'
import { Button } from '../../../ui/index.ts'
import { saveFile } from '../../books/api.ts'

/** `2026-03` for a month, `2026-Q1` for a quarter (the period's last month names it). */
export const v7Period = (period: { from: string; to: string }): string =>
  period.from === period.to ? period.from : `${period.to.slice(0, 4)}-Q${Math.ceil(Number(period.to.slice(5, 7)) / 3)}`

/** The period in words, as the VAT card names it: `październik 2026`, `październik 2026 – grudzień 2026`. */
export const periodInWords = (fmt: Format, period: { from: string; to: string }): string =>
  period.from === period.to ? fmt.month(period.from) : `${fmt.month(period.from)} – ${fmt.month(period.to)}`

export const downloadV7 = async (period: string, client: ApiClient = api): Promise<DownloadedFile> => {
  const xml = await client.get<string>(`jpk/v7/${period}`)
  const form = period.includes('Q') ? 'JPK_V7K' : 'JPK_V7M'
  return { fileName: `${form}_${period}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
}

type Props = {
  period: { from: string; to: string }
  download?: (period: string) => Promise<DownloadedFile>
  save?: (file: DownloadedFile) => void
}

export const JpkV7Button = ({ period, download = downloadV7, save = saveFile }: Props) => {
  const { t } = useLingui()
  const months = periodInWords(useFormat(), period)
  const p = v7Period(period)
  const { busy, run } = useDownload(download, save, (file) => t`File ${file.fileName} downloaded`)
  return (
    <Button variant="secondary" className="jpk-v7-button" onClick={() => run(p)} disabled={busy} aria-busy={busy}>
      {p.includes('Q') ? t`Download JPK_V7K for ${months}` : t`Download JPK_V7M for ${months}`}
    </Button>
  )
}
