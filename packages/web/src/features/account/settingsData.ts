import { useEffect, useState } from 'react'
import { accountApi } from '../../api/account.ts'
import { isApiError, type SettingsData } from '../../api/client.ts'
import { messageStore } from '../../ui/messages.tsx'

export const loadSettingsData = () => accountApi.settings()

/**
 * GET home/GetSettingsData (SPEC §8: 404 is silent and means no data, any other error shows a popup).
 * Re-reads when `token` changes, so the user name follows the session.
 */
export const useSettingsData = (
  load: () => Promise<SettingsData> = loadSettingsData,
  token: string | null = null,
  errorText: (e: unknown) => string = (e) => (isApiError(e) ? e.errors.join(' ') || e.statusText : String(e)),
): SettingsData | null => {
  const [data, setData] = useState<SettingsData | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on session change only
  useEffect(() => {
    let live = true
    load().then(
      (d) => live && setData(d),
      (e) => {
        if (!live) return
        setData(null)
        if (!(isApiError(e) && e.status === 404)) messageStore.error(errorText(e))
      },
    )
    return () => {
      live = false
    }
  }, [token])
  return data
}
