import type { I18n } from '@lingui/core'
import { isApiError } from '../../api/client.ts'
import { translateMessages } from '../../i18n/serverMessages.ts'

/** SPEC §8 "errors and error text" of a failed update, in the user's language. */
export const errorText = (i18n: I18n, error: unknown): string => {
  if (isApiError(error)) {
    const parts = translateMessages(i18n, error.errors)
    if (error.statusText && !parts.includes(error.statusText))
      parts.push(translateMessages(i18n, [error.statusText])[0]!)
    return parts.join(' ') || String(error.status)
  }
  return error instanceof Error ? error.message : String(error)
}
