import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storageKeys } from '../storage.ts'
import { renderApp } from '../test/render.tsx'
import { pressEscape, pressTab } from '../ui/testKeyboard.ts'
import { Layout } from './Layout.tsx'

const menuButton = () => screen.getByRole('button', { name: 'Menu' })
const menu = () => document.getElementById('site-menu') as HTMLElement

const openFromKeyboard = async () => {
  await renderApp(<Layout />)
  menuButton().focus()
  fireEvent.click(menuButton()) // Enter on the focused button
  expect(menuButton().getAttribute('aria-expanded')).toBe('true')
}

describe('Menu focus', () => {
  it('moves focus into the open menu and keeps Tab inside it', async () => {
    await openFromKeyboard()
    const pin = within(menu()).getByRole('button', { name: 'Pin menu' })
    expect(document.activeElement).toBe(pin)
    const links = within(menu()).getAllByRole('link')
    const last = links[links.length - 1]!
    expect(pressTab()).toBe(within(menu()).getByRole('button', { name: 'Close menu' }))
    expect(pressTab()).toBe(links[0])
    last.focus()
    expect(pressTab()).toBe(pin) // wraps instead of reaching the page behind
    expect(pressTab(true)).toBe(last)
  })

  it('makes the page behind inert while open, but not the backdrop that closes it', async () => {
    await openFromKeyboard()
    const main = document.querySelector('main')!
    const header = document.querySelector('header')!
    expect(main.hasAttribute('inert')).toBe(true)
    expect(header.hasAttribute('inert')).toBe(true)
    expect(menu().hasAttribute('inert')).toBe(false)
    const backdrop = document.querySelector('.menu-backdrop')!
    expect(backdrop.hasAttribute('inert')).toBe(false)
    fireEvent.click(backdrop)
    expect(menuButton().getAttribute('aria-expanded')).toBe('false')
    expect(main.hasAttribute('inert')).toBe(false)
    expect(header.hasAttribute('inert')).toBe(false)
    expect(document.activeElement).toBe(menuButton())
  })

  it('closes on Escape and gives focus back to the menu button', async () => {
    await openFromKeyboard()
    pressTab()
    pressEscape()
    expect(menuButton().getAttribute('aria-expanded')).toBe('false')
    expect(menu().hasAttribute('inert')).toBe(true)
    expect(document.activeElement).toBe(menuButton())
  })

  it('gives focus back to the menu button when its close button closes it', async () => {
    await openFromKeyboard()
    fireEvent.click(within(menu()).getByRole('button', { name: 'Close menu' }))
    expect(menuButton().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menuButton())
  })

  it('lets a link close it and still returns focus to the menu button', async () => {
    await openFromKeyboard()
    fireEvent.click(within(menu()).getByRole('link', { name: 'Settings' }))
    expect(menuButton().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menuButton())
  })

  it('is no trap once pinned: focus stays on the pin and Tab may leave the menu', async () => {
    await openFromKeyboard()
    const pin = within(menu()).getByRole('button', { name: 'Pin menu' })
    fireEvent.click(pin)
    expect(localStorage.getItem(storageKeys.pinned)).toBe('true')
    const unpin = within(menu()).getByRole('button', { name: 'Unpin menu' })
    expect(document.activeElement).toBe(unpin)
    const links = within(menu()).getAllByRole('link')
    act(() => links[links.length - 1]!.focus())
    const next = pressTab()
    expect(menu().contains(next)).toBe(false)
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(false)
    // Escape does not close a pinned menu.
    pressEscape()
    expect(menu().className).toContain('menu--pinned')
    fireEvent.click(unpin)
  })
})
