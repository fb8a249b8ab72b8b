import { fileURLToPath } from 'node:url'
import { getConfig } from '@lingui/conf'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'

export const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url))

/** React (with the Lingui macro) and the Lingui .po loader; shared by Vite, Vitest and Storybook. */
export const webPlugins = (): PluginOption[] => [
  // The config is passed explicitly so the macro also works when Vite runs from the repo root (Storybook).
  react({
    babel: {
      plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: linguiConfigPath }) }]],
    },
  }),
  lingui({ configPath: linguiConfigPath }),
]

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: webPlugins(),
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
})
