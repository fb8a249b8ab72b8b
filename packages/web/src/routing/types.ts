import type { ReactNode } from 'react'

/**
 * One entry of the route registry (SPEC §2). `path` is relative to the root, without a leading slash.
 * `auth` requires a logged-in user (else → /user/login); `role` requires exactly that role (else → /error).
 * Feature folders export arrays of these from their `routes.tsx`; wrap screens in `React.lazy` so they load
 * on demand and stay out of the initial bundle.
 */
export type AppRoute = {
  path: string
  element: ReactNode
  auth?: boolean
  role?: 'ADMIN' | 'USER'
}
