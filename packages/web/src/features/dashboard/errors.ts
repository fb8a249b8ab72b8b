import type { I18n } from '@lingui/core'
import { isApiError } from '../../api/client.ts'
import { CONNECTION_ERROR } from '../../forms/index.ts'
import { translateMessages } from '../../i18n/serverMessages.ts'

/**
 * SPEC §8 "errors and error text" of a failed update, in the user's language; a server that cannot be reached (status
 * 0, whose status text is only "Unknown Error") says so with the connection message the dashboards give (SPEC §8).
 */
export const errorText = (i18n: I18n, error: unknown): string => {
  if (isApiError(error) && error.status === 0) return translateMessages(i18n, [CONNECTION_ERROR])[0]!
  if (isApiError(error)) {
    // The server's own sentences, each ended as a sentence; the HTTP status text only when it gave none (it said
    // the same again: "Brak dostępu Brak uprawnień").
    const parts = translateMessages(i18n, error.errors)
    if (parts.length === 0 && error.statusText) parts.push(translateMessages(i18n, [error.statusText])[0]!)
    return parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ') || String(error.status)
  }
  return error instanceof Error ? error.message : String(error)
}
