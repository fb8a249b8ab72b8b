import { Suspense, useEffect, useRef } from 'react'
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router'
import { setTokenRejectedHandler } from '../api/client.ts'
import { Layout } from '../shell/Layout.tsx'
import { SessionProvider, useSessionActor } from '../session/SessionContext.tsx'
import { Loader } from '../ui/Loader.tsx'
import { loginPath, loginReturningTo } from '../routing/access.ts'
import { Guard } from '../routing/Guard.tsx'
import { appRoutes, notFoundElement } from './routes.tsx'
import type { AppRoute } from '../routing/types.ts'

/** SPEC §4: a result with '!Token' and no token logs out and, unless already there, goes to login. */
export const TokenRejectedHandler = () => {
  const actor = useSessionActor()
  const navigate = useNavigate()
  const location = useLocation()
  const path = useRef(location.pathname)
  path.current = location.pathname
  const here = useRef(location.pathname + location.search)
  here.current = location.pathname + location.search
  useEffect(() => {
    setTokenRejectedHandler(() => {
      if (path.current === loginPath) return
      actor.send({ type: 'LOGOUT' })
      navigate(loginReturningTo(here.current))
    })
    return () => setTokenRejectedHandler(() => {})
  }, [actor, navigate])
  return null
}

/** The route table inside the shell layout; used by the app and by router tests. */
export const AppRoutes = ({ routes = appRoutes }: { routes?: AppRoute[] }) => (
  <Routes>
    <Route element={<Layout />}>
      {routes.map((r) => (
        <Route
          key={r.path}
          path={r.path === '' ? undefined : r.path}
          index={r.path === ''}
          element={
            <Guard route={r}>
              <Suspense fallback={<Loader />}>{r.element}</Suspense>
            </Guard>
          }
        />
      ))}
      <Route path="*" element={<Suspense fallback={<Loader />}>{notFoundElement}</Suspense>} />
    </Route>
  </Routes>
)

export const App = () => (
  <BrowserRouter>
    <SessionProvider>
      <TokenRejectedHandler />
      <AppRoutes />
    </SessionProvider>
  </BrowserRouter>
)
