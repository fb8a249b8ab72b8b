/**
 * Every Storybook story as a test: each story is composed with the project annotations of `.storybook/preview.tsx`
 * (its loaders and the four-mode decorator: pl/en × light/dark, each with its own i18n and router), rendered into
 * jsdom and its `play` function run, through Storybook's portable stories API (`Story.run()`). A story fails its
 * test when it renders nothing, when React reports a render error (caught by an error boundary or not), when it
 * logs an error, or when its `play` throws or an `expect` from `storybook/test` inside it fails.
 */
import { type composeStory, composeStories, setProjectAnnotations } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as previewAnnotations from '../../../.storybook/preview.tsx'

type StoryFile = Parameters<typeof composeStories>[0]
type ComposedStory = ReturnType<typeof composeStory>
type ProjectOverrides = Parameters<typeof composeStories>[1]

/** The composed stories of one file by export name (composeStories cannot infer them from a glob's module type). */
const composeFile = (file: StoryFile, overrides?: ProjectOverrides) =>
  Object.entries(composeStories(file, overrides)) as [string, ComposedStory][]

const annotations = setProjectAnnotations([previewAnnotations])
beforeAll(async () => {
  // Storybook's React renderer wires `storybook/test` (userEvent, findBy…) to React's act() here.
  await annotations.beforeAll()
  // `vitest run` at the root runs every project at once on few cores: give a play's findBy/waitFor more than 1 s.
  configure({ asyncUtilTimeout: 5000 })
})

/** Per story; one normally takes well under 2 s. */
const storyTimeout = 20_000

const files = import.meta.glob<StoryFile>('./**/*.stories.tsx', { eager: true })

/** Errors React reports while a story renders: thrown out of the tree, caught by a boundary, or recovered from. */
const reactErrors: unknown[] = []
const rootOptions = {
  onUncaughtError: (error: unknown) => void reactErrors.push(error),
  onCaughtError: (error: unknown) => void reactErrors.push(error),
  onRecoverableError: (error: unknown) => void reactErrors.push(error),
}

/** `.storybook/preview.tsx` renders every story in pl/light, pl/dark, en/light and en/dark. */
const modeCount = 4

let canvasElement: HTMLElement | undefined
afterEach(() => {
  canvasElement?.remove()
  canvasElement = undefined
  reactErrors.length = 0
  vi.restoreAllMocks()
})

it('finds the story files, a story in each and the play functions', () => {
  expect(Object.keys(files).length).toBeGreaterThan(0)
  for (const [path, file] of Object.entries(files)) expect(composeFile(file).length, path).toBeGreaterThan(0)
  const composed = Object.values(files).flatMap((file) => composeFile(file).map(([, story]) => story))
  expect(composed.filter((story) => story.play).length).toBeGreaterThan(0)
})

for (const [path, file] of Object.entries(files)) {
  const stories = composeFile(file, { parameters: { react: { rootOptions } } })
  describe(path.replace(/^\.\//, ''), () => {
    for (const [name, Story] of stories) {
      it(
        `${name}${Story.play ? ' (render + play)' : ''}`,
        async () => {
          const logged = vi.spyOn(console, 'error')
          canvasElement = document.body.appendChild(document.createElement('div'))

          await Story.run({ canvasElement })

          expect(reactErrors).toEqual([])
          expect(logged.mock.calls).toEqual([])
          // The decorator renders the story once per mode; every cell must hold more than its label.
          const cells = [...canvasElement.querySelectorAll('.sb-cell')]
          expect(cells).toHaveLength(modeCount)
          for (const cell of cells) {
            const mode = cell.querySelector('.sb-cell__label')?.textContent
            const content = [...cell.children].filter((child) => !child.classList.contains('sb-cell__label'))
            expect(content.length, `${mode} renders nothing`).toBeGreaterThan(0)
            expect(content.some(hasVisibleContent), `${mode} shows no text, control or graphic`).toBe(true)
          }
        },
        storyTimeout,
      )
    }
  })
}

/** Text, a control or a graphic somewhere inside: a bare wrapper element does not count as rendered. */
function hasVisibleContent(element: Element): boolean {
  if ((element.textContent ?? '').trim() !== '') return true
  return element.querySelector('svg, img, input, select, textarea, button, [role]') !== null
}
