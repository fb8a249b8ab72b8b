import type { StorybookConfig } from '@storybook/react-vite'
import { mergeConfig } from 'vite'

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/web/src/**/*.stories.@(ts|tsx)'],
  core: { disableTelemetry: true },
  // The React plugin Storybook adds has no Lingui macro: swap in the web app's plugins (react + macro, .po loader).
  viteFinal: async (viteConfig) => {
    const { webPlugins } = await import('../packages/web/vite.config.ts')
    const plugins = (viteConfig.plugins ?? []).flat().filter((p) => {
      const name = p && typeof p === 'object' && 'name' in p ? String(p.name) : ''
      return !name.startsWith('vite:react')
    })
    return mergeConfig({ ...viteConfig, plugins }, { plugins: webPlugins() })
  },
}

export default config
