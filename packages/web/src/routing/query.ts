import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Reads query parameters once and cleans them from the address (SPEC §2: error, confirmation and
 * reset-confirmed pages). The values stay in state for the life of the screen.
 */
export const useQueryOnce = <K extends string>(names: readonly K[]): Record<K, string | null> => {
  const location = useLocation()
  const navigate = useNavigate()
  const [values] = useState(() => {
    const params = new URLSearchParams(location.search)
    const out = {} as Record<K, string | null>
    for (const n of names) out[n] = params.get(n)
    return out
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: clean the address once, after the first render
  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true })
  }, [])
  return values
}
