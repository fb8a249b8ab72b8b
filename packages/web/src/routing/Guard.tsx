import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from '../session/SessionContext.tsx'
import { checkAccess } from './access.ts'
import type { AppRoute } from './types.ts'

export const Guard = ({ route, children }: { route: Pick<AppRoute, 'auth' | 'role'>; children: ReactNode }) => {
  const { loggedIn, role } = useSession()
  const location = useLocation()
  const access = checkAccess(route, { loggedIn, role }, location.pathname + location.search)
  if (!access.ok) return <Navigate to={access.redirect} replace />
  return <>{children}</>
}
