/**
 * A button's file download: fetch the file, hand it to the browser, say so — or say why not (the API's field
 * problems and errors in the user's language). `busy` while it runs, for the button's disabled state.
 */
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { translateMessage } from '../i18n/serverMessages.ts'
import { useMessages } from '../ui/messages.tsx'
import { isApiError } from './client.ts'

export interface DownloadedFile {
  readonly fileName: string
  readonly xml: string
}

export const useDownload = <A, F = DownloadedFile>(
  download: (arg: A) => Promise<F>,
  save: (file: F) => void,
  done: (file: F) => ReactNode,
) => {
  const { t, i18n } = useLingui()
  const messages = useMessages()
  const [busy, setBusy] = useState(false)
  const run = async (arg: A) => {
    setBusy(true)
    try {
      const file = await download(arg)
      save(file)
      const said = done(file)
      if (said !== null) messages.info(said)
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
  return { busy, run }
}
