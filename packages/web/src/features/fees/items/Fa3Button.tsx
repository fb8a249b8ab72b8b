/**
 * "Download FA(3)" on a one-time company income: the invoice as KSeF takes it (`GET ksef/invoices/{id}/fa3`), valid
 * against the official schema. Finance does not send it; the user sends it with KSeF's application and enters the
 * number KSeF gives under the item's More details. What the invoice still needs (company invoice data, the buyer,
 * …) is said in a message.
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type ApiClient, api, isApiError } from '../../../api/client.ts'
import { translateMessage } from '../../../i18n/serverMessages.ts'
import { Button, useMessages } from '../../../ui/index.ts'
import { saveFile } from '../../books/api.ts'

export const downloadFa3 = async (id: number, client: ApiClient = api) => {
  const xml = await client.get<string>(`ksef/invoices/${id}/fa3`)
  return { fileName: `FA3_${id}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
}

type Props = {
  id: number
  download?: (id: number) => Promise<{ fileName: string; xml: string }>
  save?: (file: { fileName: string; xml: string }) => void
}

export const Fa3Button = ({ id, download = downloadFa3, save = saveFile }: Props) => {
  const { t, i18n } = useLingui()
  const messages = useMessages()
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      const file = await download(id)
      save(file)
      messages.info(
        t`Invoice ${file.fileName} downloaded: send it with the KSeF application, then enter its KSeF number`,
      )
    } catch (e) {
      const errors = isApiError(e) ? [...new Set([...Object.values(e.fieldErrors), ...e.errors])] : []
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
    <Button variant="secondary" onClick={onClick} disabled={busy} aria-busy={busy}>
      {t`Download FA(3) invoice`}
    </Button>
  )
}
