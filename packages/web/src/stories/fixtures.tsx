import type { ReactNode } from 'react'
import type { SessionData } from '../session/machine.ts'
import { SessionProvider } from '../session/SessionContext.tsx'

/** Sessions for stories and tests. */
export const adminSession = (): SessionData => ({
  token: 'story-token',
  loginDate: Date.now(),
  minutes: 20,
  role: '1024',
})
export const userSession = (): SessionData => ({ token: 'story-token', loginDate: Date.now(), minutes: 20, role: '1' })

export const WithSession = ({ session, children }: { session: SessionData | null; children: ReactNode }) => (
  <SessionProvider session={session}>{children}</SessionProvider>
)

/** A story of `content` rendered for a visitor (`null`), a user or an admin. */
export const withSession = (session: () => SessionData | null, content: () => ReactNode) => ({
  render: () => <WithSession session={session()}>{content()}</WithSession>,
})

/** A promise that never settles (shows loading states). */
export const pending = <T,>(): Promise<T> => new Promise<T>(() => {})
