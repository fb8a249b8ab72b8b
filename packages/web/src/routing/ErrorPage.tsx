import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useQueryOnce } from './query.ts'
import { useTranslateMessage } from '../i18n/useTranslateMessage.ts'

/** A red box with message and sub-message, and what the user can do about it (`children`, e.g. a retry). */
export const ErrorBox = ({
  message,
  subMessage,
  children,
}: {
  message: string | null
  subMessage: string | null
  children?: ReactNode
}) => {
  const tm = useTranslateMessage()
  return (
    <div className="error-box" role="alert">
      <h1 className="error-box__message">{message ? tm(message) : <Trans>Error</Trans>}</h1>
      {subMessage && <p className="error-box__sub">{tm(subMessage)}</p>}
      {children}
    </div>
  )
}

/** Error page (SPEC §2): reads message and subMessage, then cleans the address. */
export const ErrorPage = () => {
  const q = useQueryOnce(['message', 'subMessage'])
  return <ErrorBox message={q.message} subMessage={q.subMessage} />
}

/** Any unknown path: 'Page not found' / 'Error 404'. */
export const NotFoundPage = () => <ErrorBox message="Page not found" subMessage="Error 404" />
