#!/usr/bin/env node
// Starts the Finance server (`npm start`): plain JavaScript that checks the runtime, turns on Node's compile cache,
// then runs the TypeScript sources with Node's own type stripping (Node 24, the project's `node` dependency).
import module from 'node:module'

if (!process.features.typescript) {
  process.stderr.write(
    `Finance needs Node 24 or newer (this is ${process.version}). Start it with \`npm start\`, which uses the Node ` +
      'that `npm install` put in node_modules, or put node_modules/.bin first on PATH.\n',
  )
  process.exit(1)
}
// Compiled (and type-stripped) modules are kept on disk (NODE_COMPILE_CACHE or the temp directory; off with
// NODE_DISABLE_COMPILE_CACHE=1): from the second start on the server listens in about two thirds of the time.
module.enableCompileCache()
await import('../src/main.ts')
