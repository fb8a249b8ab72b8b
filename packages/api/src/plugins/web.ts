/**
 * App plugin `finance-web`: serves the built web app from `FINANCE_WEB_ROOT` with an SPA fallback (any non-`/api`
 * GET that is not a file answers `index.html`). When the app is not built, `/` answers a small page saying so.
 * Unknown `/api/…` paths answer the contract's 404.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { notFound } from '../http/errors.ts'

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Finance</title></head>
<body><h1>Finance</h1><p>The web app is not built yet. Run <code>npm run build:web</code> (or <code>npm start</code>,
which builds it first). The API is running: see <a href="/api/docs">/api/docs</a>.</p></body></html>`

export default fp<{ webRoot: string }>(
  async (app, { webRoot }) => {
    const built = existsSync(join(webRoot, 'index.html'))
    if (built) {
      await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false, index: ['index.html'] })
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.code(404).send(notFound().body())
      }
      // A missing asset (`/assets/x.js`) is a 404, not the app's HTML; any other path is a client-side route.
      if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html'))
        return reply.code(404).type('text/plain').send('Not found')
      if (built) return reply.type('text/html').sendFile('index.html')
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT)
    })
  },
  { name: 'finance-web', fastify: '5.x' },
)
