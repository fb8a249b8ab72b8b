/**
 * App plugin `finance-docs`: the OpenAPI document (@fastify/swagger) built from the routes' schemas — the same
 * Effect Schemas that validate requests, converted with `JSONSchema.make` — and its UI at `/api/docs`.
 */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Finance API',
          description:
            'Books, VAT, PIT and social security for a Polish sole trader. Money and percents are decimal strings.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          },
        },
      },
    })
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // swagger-ui's own CSP for its pages, with its script/style hashes, minus `upgrade-insecure-requests`
      // (which would break the UI on a plain-http localhost).
      staticCSP: true,
      transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    })
  },
  { name: 'finance-docs', fastify: '5.x' },
)
