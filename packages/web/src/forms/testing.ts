/** Test and story helpers of the forms module: render a screen with in-memory record services. */
export { renderWith } from './testing/render.tsx'
