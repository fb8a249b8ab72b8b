/**
 * Browser-journey harness: the real server on a fresh SQLite store in a temp dir, Debian's Chromium driven by
 * playwright-core, screenshots at 1280 px and 400 px, and the outbox reader for e-mailed links.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildInvoice } from '@finance/tax-files/testing'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { afterEach } from 'vitest'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const screenshotDir = join(repoRoot, 'test-output', 'screenshots')

export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'Admin#2026'
export const API_KEY = 'e2e-api-key-0123456789'
export const REGISTRATION_KEY = 'e2e-registration-key'

/** The company of the journeys that need one (Primary data): Jan Kowalski's, with a valid NIP. */
export const COMPANY = {
  companyName: 'Kowalski IT',
  nip: '5260250274',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  regon: '',
} as const

/** The supplier's invoice of the KSeF journeys: hosting for 1 000.00 net, VAT 230.00 (`buildInvoice23`'s fields). */
export const HOSTING = { net: '1000.00', description: 'Hosting' } as const

/** An FA(3) invoice whose seller NIP has the wrong form (12345): the import refuses it, naming the field. */
export const badNipInvoice = (buyerNip: string, issueDate: string, description: string): string =>
  buildInvoice({
    sellerNip: '12345',
    buyerNip,
    number: 'FZ 8',
    issueDate,
    amounts: [['P_13_1', '100.00']],
    total: '123.00',
    lines: [{ description, net: '100.00', rate: '23' }],
  })

/** Opens the app's `path` and gives its form named `name`, its fields filled by label, in order, with `fields`. */
export const filledForm = async (
  app: { readonly page: Page; readonly server: { readonly url: string } },
  path: string,
  name: string,
  fields: Record<string, string>,
): Promise<Locator> => {
  const { page } = app
  await page.goto(`${app.server.url}${path}`)
  const form = page.getByRole('form', { name })
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value)
  return form
}

/** Clicks the button named `button` and gives the file it downloads: its suggested name and its text. */
export const downloadedText = async (page: Page, button: string): Promise<{ name: string; text: string }> => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  return { name: file.suggestedFilename(), text: readFileSync((await file.path()) as string, 'utf8') }
}

/** Opens home, follows the menu's link named `link` and waits for the screen at `path`. */
export const openFromMenu = async (
  app: { readonly page: Page; readonly server: { readonly url: string } },
  link: string,
  path: string,
) => {
  const { page } = app
  await page.goto(`${app.server.url}/`)
  await page.getByRole('link', { name: link }).first().click()
  await page.waitForURL(`${app.server.url}${path}`)
}

/** Writes each of `files` (name → text) into a new temp dir named from `prefix` and gives their paths, in order. */
export const tempFiles = (prefix: string, files: Record<string, string>): string[] => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return Object.entries(files).map(([name, text]) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return path
  })
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })

export type RunningServer = {
  url: string
  dataDir: string
  env: Record<string, string>
  output: () => string
  stop: () => Promise<void>
}

const waitFor = async (url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`)
    try {
      const res = await fetch(url)
      if (res.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms:\n${output()}`)
}

/** The built web app of this run (see global-setup.ts); outside Vitest, FINANCE_WEB_ROOT or packages/web/dist. */
const webRoot = async (): Promise<string> => {
  try {
    const { inject } = await import('vitest')
    const dir = inject('webRoot')
    if (dir) return dir
  } catch {
    // not inside a Vitest worker
  }
  return process.env.FINANCE_WEB_ROOT ?? join(repoRoot, 'packages', 'web', 'dist')
}

/**
 * Spawns the server (`node packages/api/bin/server.mjs`, as `npm start` does) from the repo root on a free port and a fresh data dir,
 * serving this run's web build, and waits until it answers.
 */
export const startServer = async (extraEnv: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'finance-e2e-'))
  const url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    FINANCE_DATA_DIR: dataDir,
    FINANCE_STORE: 'sqlite',
    FINANCE_ADMIN_EMAIL: ADMIN_EMAIL,
    FINANCE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    FINANCE_API_KEY: API_KEY,
    FINANCE_REGISTRATION_KEY: REGISTRATION_KEY,
    FINANCE_PUBLIC_URL: url,
    FINANCE_LOGIN_RATE_LIMIT: '1000',
    FINANCE_CLIENT_RATE_LIMIT: '1000',
    FINANCE_WEB_ROOT: await webRoot(),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  }
  const child = spawn(process.execPath, ['packages/api/bin/server.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (d) => {
    log += String(d)
  })
  child.stderr?.on('data', (d) => {
    log += String(d)
  })
  const output = () => log
  try {
    await waitFor(`${url}/api/home/GetSettingsData`, child, output)
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }
  return {
    url,
    dataDir,
    env,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export type LaunchedBrowser = { browser: Browser; context: BrowserContext; page: Page; close: () => Promise<void> }

/** Debian's Chromium with a fresh profile (a new context), one page at 1280 × 800. */
/** A JSON call to the running server's API (journeys seed their data through it); throws on a non-2xx answer. */
export const apiCall = async <T = unknown>(
  server: RunningServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> => {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return (text ? JSON.parse(text) : null) as T
}

/** Logs in through the API and returns the bearer token. */
export const apiToken = async (server: RunningServer, email: string, password: string): Promise<string> =>
  (await apiCall<{ token: string }>(server, null, 'POST', 'account/login', { email, password })).token

/** `apiCall` and `apiToken` bound to a journey's server (read lazily: it starts in `beforeAll`). */
export const journeyApi = (server: () => RunningServer) => ({
  call: <T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<T> =>
    apiCall<T>(server(), token, method, path, body),
  tokenOf: (email: string, password: string): Promise<string> => apiToken(server(), email, password),
  /** Registers a USER writing `language`, English by default (as the ADMIN), and returns the new user's token. */
  registerUser: async (email: string, password: string, language: 'pl' | 'en' = 'en'): Promise<string> => {
    const admin = await apiToken(server(), ADMIN_EMAIL, ADMIN_PASSWORD)
    await apiCall(server(), admin, 'POST', 'account/register', {
      email,
      password,
      confirmPassword: password,
      appRole: 'USER',
      key: REGISTRATION_KEY,
      url: `${server().url}/user/login`,
      language,
    })
    return apiToken(server(), email, password)
  },
})

/** A company item at 23 % VAT without an invoice date, as the seeds write their incomes and costs; `fields` add or override. */
export const companyItem = (fields: Record<string, unknown>): Record<string, unknown> => ({
  isCompany: true,
  percent: '23',
  invoiceDate: null,
  ...fields,
})

/**
 * A journey's seed writes as the holder of `token`: a record of `dataType` through the API's `config`, `fee` or
 * `revenue`, and the settings and items the journeys' books are made of.
 */
export const seeder = (call: ReturnType<typeof journeyApi>['call'], token: string) => {
  const post = (path: 'config' | 'fee' | 'revenue', dataType: string, dataObject: unknown) =>
    call(token, 'POST', path, { dataType, dataObject })
  return {
    post,
    /** VAT 23 % paid monthly from `date`. */
    vat: (date: string) => post('fee', 'Vat', { date, percent: '23', paymentInterval: 1 }),
    pit: (setting: unknown) => post('fee', 'Pit', setting),
    /** The social contributions of `amount` a month and health insurance at `percent`, from `date`. */
    zus: (date: string, amount: string, percent: string) => post('fee', 'SocialSecurity', { date, amount, percent }),
    /** VAT 23 % monthly, the PIT setting `pit` and the contributions `zus` (amount, health percent), from 1 January of `year`. */
    taxes: async (year: number, pit: unknown, [amount, percent]: readonly [string, string]) => {
      await post('fee', 'Vat', { date: `${year}-01-01`, percent: '23', paymentInterval: 1 })
      await post('fee', 'Pit', pit)
      await post('fee', 'SocialSecurity', { date: `${year}-01-01`, amount, percent })
    },
    /** The items below are company items at 23 % VAT (see `companyItem`); `fields` name the date, name and amount. */
    income: (fields: Record<string, unknown>) => post('revenue', 'Income', companyItem(fields)),
    expense: (fields: Record<string, unknown>) => post('fee', 'Expense', companyItem(fields)),
    /** `amount` net on `date` and the same day of each month after, `repetitions` times in all. */
    recurringIncome: (date: string, name: string, amount: string, repetitions: number) =>
      post('revenue', 'RecurringIncome', companyItem({ date, name, amount, repetitions })),
    recurringExpense: (date: string, name: string, amount: string, repetitions: number) =>
      post('fee', 'RecurringExpense', companyItem({ date, name, amount, repetitions })),
  }
}

/** VAT 23 % monthly since January of `since`, and a company income of 10 000 net on the 10th of 36 months from then. */
export const seedVatAndIncome = async (
  call: ReturnType<typeof journeyApi>['call'],
  token: string,
  since: number,
): Promise<void> => {
  const books = seeder(call, token)
  await books.vat(`${since}-01-01`)
  await books.recurringIncome(`${since}-01-10`, 'Programming services', '10000.00', 36)
}

/** `timezoneId`: the browser's time zone (e.g. `Europe/Warsaw`, the server's "today"); the machine's by default. */
export const launchBrowser = async (options: { timezoneId?: string } = {}): Promise<LaunchedBrowser> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  const page = await context.newPage()
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close()
      await browser.close()
    },
  }
}

/** Saves `{name}-1280.png` and `{name}-400.png` into test-output/screenshots/, restoring the viewport. */
export const screenshot = async (page: Page, name: string): Promise<string[]> => {
  mkdirSync(screenshotDir, { recursive: true })
  const original = page.viewportSize() ?? { width: 1280, height: 800 }
  const files: string[] = []
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 800 })
    await page.waitForTimeout(150)
    const file = join(screenshotDir, `${name}-${width}.png`)
    await page.screenshot({ path: file, fullPage: true })
    files.push(file)
  }
  await page.setViewportSize(original)
  return files
}

/** Logs in through the login screen and waits for home. */
export const login = async (page: Page, baseUrl: string, email: string, password: string): Promise<void> => {
  await page.goto(`${baseUrl}/user/login`)
  await page.locator('input[type=email]').fill(email)
  await page.locator('input[type=password]').fill(password)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL(`${baseUrl}/`)
}

/** Waits until the page's requests are done and no loader is left (a loader still there after 10 s is let be). */
export const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle')
  await page
    .locator('.loader')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {})
}

/** Links (http…) in the newest .eml of the outbox, decoded from quoted-printable. */
export const readOutbox = (dataDir: string): { file: string; links: string[]; text: string } => {
  const dir = join(dataDir, 'outbox')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t || b.f.localeCompare(a.f))
  const newest = files[0]
  if (!newest) throw new Error(`no .eml in ${dir}`)
  const raw = readFileSync(join(dir, newest.f), 'utf8')
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'))
  return { file: join(dir, newest.f), links, text }
}

/** Shows the app in English in this browser context, through the language cookie the app itself sets. */
export const useEnglish = (context: BrowserContext, baseUrl: string): Promise<void> =>
  context.addCookies([{ name: 'finance_lang', value: 'en', url: baseUrl }])

/** A failing step leaves a picture of the page for diagnosis. Call it at the top level of a journey file. */
export const screenshotOnFailure = (browser: () => LaunchedBrowser | undefined): void => {
  afterEach(async (ctx) => {
    const launched = browser()
    if (ctx.task.result?.state === 'fail' && launched) {
      await launched.page.screenshot({ path: `${screenshotDir}/failed-${ctx.task.name.replace(/\W+/g, '-')}.png` })
    }
  })
}
