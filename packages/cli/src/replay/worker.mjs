// Entry of a replay worker thread: registers tsx (the sources are TypeScript), then runs the worker.
import { register } from 'tsx/esm/api'

register()
await import('./worker.ts')
