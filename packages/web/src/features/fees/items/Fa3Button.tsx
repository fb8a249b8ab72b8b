/**
 * "Download FA(3)" on a one-time company income: the invoice as KSeF takes it (`GET ksef/invoices/{id}/fa3`), valid
 * against the official schema. Finance does not send it; the user sends it with KSeF's application and enters the
 * number KSeF gives under the item's More details. What the invoice still needs (company invoice data, the buyer,
 * …) is said in a message.
 */
import { useLingui } from '@lingui/react/macro'
import { type ApiClient, api } from '../../../api/client.ts'
import { type DownloadedFile, useDownload } from '../../../api/useDownload.ts'
import { Button } from '../../../ui/index.ts'
import { saveFile } from '../../books/api.ts'

export const downloadFa3 = async (id: number, client: ApiClient = api): Promise<DownloadedFile> => {
  const xml = await client.get<string>(`ksef/invoices/${id}/fa3`)
  return { fileName: `FA3_${id}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
}

type Props = {
  id: number
  download?: (id: number) => Promise<DownloadedFile>
  save?: (file: DownloadedFile) => void
}

export const Fa3Button = ({ id, download = downloadFa3, save = saveFile }: Props) => {
  const { t } = useLingui()
  const { busy, run } = useDownload(
    download,
    save,
    (file) => t`Invoice ${file.fileName} downloaded: send it with the KSeF application, then enter its KSeF number`,
  )
  return (
    <Button variant="secondary" onClick={() => run(id)} disabled={busy} aria-busy={busy}>
      {t`Download FA(3) invoice`}
    </Button>
  )
}
