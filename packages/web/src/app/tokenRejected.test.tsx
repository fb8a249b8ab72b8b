import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../api/client.ts'
import { renderApp } from '../test/render.tsx'
import { TokenRejectedHandler } from './App.tsx'

const rejected = () =>
  new Response(JSON.stringify({ success: false, errors: ['!Token'] }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  })

/** The app at `route` for a logged-in user whose every API call is answered with !Token. */
const renderRejected = (route: string) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => rejected()),
  )
  const session = { token: 'old', loginDate: Date.now(), minutes: 20, role: '1' }
  return renderApp(<TokenRejectedHandler />, { route, session })
}

describe('!Token rule', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('logs out and goes to login when a result carries !Token without a token', async () => {
    const { actor, location } = await renderRejected('/dashboard/monthly')
    await api.get('transaction/getCurrentMonth/2026-03-01').catch(() => {})
    await waitFor(() => expect(location()).toBe('/user/login?next=%2Fdashboard%2Fmonthly'))
    expect(actor.getSnapshot().value).toBe('loggedOut')
  })

  it('leaves the login page alone', async () => {
    const { actor, location } = await renderRejected('/user/login')
    await api.get('home/GetSettingsData').catch(() => {})
    expect(location()).toBe('/user/login')
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true)
  })
})

const Broken = () => {
  throw new Error('boom')
}

describe('screen error boundary', () => {
  it('shows the error box instead of a blank page when a screen throws', async () => {
    const { ScreenErrorBoundary } = await import('../routing/ErrorBoundary.tsx')
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { findByRole } = await renderApp(
      <ScreenErrorBoundary>
        <Broken />
      </ScreenErrorBoundary>,
    )
    expect((await findByRole('alert')).textContent).toContain('Response error, can not connect to API.')
    spy.mockRestore()
  })
})
