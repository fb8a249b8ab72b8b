import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { ROUTE_REDIRECT_DELAY_MS, routeRedirectKey, routeRedirectTarget } from './access.ts'

/** The one-time redirect of a landing address with `?route=…` (SPEC §2): 10 ms delay, 1 s loop guard. */
export const RouteRedirect = () => {
  const navigate = useNavigate()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the landing address only
  useEffect(() => {
    const last = Number(sessionStorage.getItem(routeRedirectKey) ?? Number.NaN)
    const target = routeRedirectTarget(window.location.search, Date.now(), Number.isFinite(last) ? last : null)
    if (!target) return
    sessionStorage.setItem(routeRedirectKey, String(Date.now()))
    const timer = setTimeout(() => navigate(target, { replace: true }), ROUTE_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  return null
}
