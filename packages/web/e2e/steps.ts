/**
 * The steps every journey repeats, once: the server on a fresh store and Chromium started before the journey's tests
 * and closed after them (a failing test leaves a screenshot); optionally a USER registered through the ADMIN, the
 * journey's data seeded through the API and the user logged in through the login screen.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  journeyApi,
  type LaunchedBrowser,
  launchBrowser,
  login,
  type RunningServer,
  screenshotOnFailure,
  startServer,
  useEnglish,
} from './harness.ts'

export type JourneyOptions = {
  /** The server's extra environment, or how to make it (e.g. after starting a simulator it points to). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>)
  /** The browser's time zone; the machine's by default. */
  timezoneId?: string
  /** Shows the app in English (the language cookie); Polish, the app's default, otherwise. */
  english?: boolean
  /** A USER registered before the seed (in `language`, English by default) and logged in after it. */
  user?: { email: string; password: string; language?: 'pl' | 'en' }
  /** Logs the ADMIN in through the login screen after the seed (a journey without `user`). */
  asAdmin?: boolean
  /** Writes the journey's data through the API before the browser logs in; gets the user's token ('' without one). */
  seed?: (token: string) => Promise<void>
  /** Runs after the browser and the server are closed (e.g. a simulator's checks and its closing). */
  after?: () => Promise<void>
}

export type Journey = ReturnType<typeof journeyApi> & {
  readonly server: RunningServer
  readonly browser: LaunchedBrowser
  readonly page: Page
  readonly context: BrowserContext
  /** The registered user's bearer token ('' without a user). */
  readonly token: string
}

/** Registers the journey's `beforeAll` and `afterAll` (call it at the top of a file or of a `describe`). */
export const journey = (options: JourneyOptions = {}): Journey => {
  let server: RunningServer | undefined
  let browser: LaunchedBrowser | undefined
  let token = ''
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey's ${what} is not started yet (read it inside a test)`)
    return value
  }
  const api = journeyApi(() => started(server, 'server'))

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env
    server = await startServer(env)
    const { user } = options
    if (user) token = await api.registerUser(user.email, user.password, user.language)
    await options.seed?.(token)
    browser = await launchBrowser(options.timezoneId ? { timezoneId: options.timezoneId } : {})
    // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook: it sets the language cookie
    if (options.english) await useEnglish(browser.context, server.url)
    const who = user ?? (options.asAdmin ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : undefined)
    if (who) await login(browser.page, server.url, who.email, who.password)
  })

  screenshotOnFailure(() => browser)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await options.after?.()
  })

  return {
    ...api,
    get server() {
      return started(server, 'server')
    },
    get browser() {
      return started(browser, 'browser')
    },
    get page() {
      return started(browser, 'browser').page
    },
    get context() {
      return started(browser, 'browser').context
    },
    get token() {
      return token
    },
  }
}
