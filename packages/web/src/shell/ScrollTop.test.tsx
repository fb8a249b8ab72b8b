import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../test/render.tsx'
import { ScrollTop } from './ScrollTop.tsx'

/** The window as wide as `phone` says, scrolled to `y`. */
const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
const widthIs = (phone: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width'), media: query }))

afterEach(() => {
  vi.unstubAllGlobals()
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
})

describe('the scroll-to-top button', () => {
  it('appears once the page is scrolled more than 20 px', async () => {
    widthIs(false)
    await renderApp(<ScrollTop />)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollTo(21)
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy()
    scrollTo(600)
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy()
  })

  it('on a phone stays off the tables while the user reads down, and comes back when they scroll up', async () => {
    widthIs(true)
    await renderApp(<ScrollTop />)
    scrollTo(300)
    scrollTo(900)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollTo(850)
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy()
    scrollTo(1200)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollTo(10)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
  })
})
