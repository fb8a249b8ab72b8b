import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/**
 * One catalog per feature folder, so each feature keeps its own .po files. The app-wide catalog
 * (`src/locales`) covers everything outside the feature folders. Source messages are English;
 * Polish (`pl`) is the default UI language and must be fully translated (see src/i18n/catalogs.test.ts).
 */
export const features = [
  'company',
  'fees',
  'revenues',
  'dashboard',
  'logs',
  'books',
  'ksef',
  'safety',
  'bank',
  'assets',
  'setup',
  'invoices',
] as const

export default defineConfig({
  sourceLocale: 'en',
  locales: ['pl', 'en'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: features.map((f) => `<rootDir>/src/features/${f}/**`),
    },
    ...features.map((f) => ({
      path: `<rootDir>/src/features/${f}/locales/{locale}/messages`,
      include: [`<rootDir>/src/features/${f}`],
    })),
  ],
})
