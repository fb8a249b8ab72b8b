import { fileURLToPath } from 'node:url'
import { getConfig } from '@lingui/conf'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'

export const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url))

/**
 * React, the Lingui .po loader and the Lingui macros (through Babel, which runs only on the files that import a
 * macro); shared by Vite, Vitest and Storybook. The config is passed explicitly so the macros also work when Vite
 * runs from the repo root (Storybook). Lingui's native macro transform is not used: its binary is an optional
 * dependency declaring Node 22.19, which npm skips when the system Node that runs `npm install` is older.
 */
export const webPlugins = (): PluginOption[] => {
  // The choice of Babel is deliberate (above); the plugin's advice to switch is not for this project.
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1'
  const options = { configPath: linguiConfigPath }
  return [
    react(),
    lingui(options),
    babel({ presets: [linguiTransformerBabelPreset({ linguiConfig: getConfig(options) }, options)] }),
  ]
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: webPlugins(),
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
})
