import { useCallback, useEffect, useState } from 'react'
import { isApiError } from '../../api/client.ts'

export type LoadState = 'loading' | 'failed' | 'ready'

/**
 * Loads what a screen lists: `loading` until the first answer, `failed` when the server refused or could not be
 * reached (the screen offers a retry), `ready` with the data. `reload` loads again and keeps the last data meanwhile.
 */
export const useLoad = <T>(load: () => Promise<T>) => {
  const [state, setState] = useState<LoadState>('loading')
  const [data, setData] = useState<T | null>(null)
  const reload = useCallback(async () => {
    setState((s) => (s === 'failed' ? 'loading' : s))
    try {
      setData(await load())
      setState('ready')
    } catch (e) {
      if (!isApiError(e) && !(e instanceof TypeError)) throw e
      setState('failed')
    }
  }, [load])
  useEffect(() => {
    void reload()
  }, [reload])
  return { state, data, reload }
}
