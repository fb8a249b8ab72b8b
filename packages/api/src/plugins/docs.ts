/**
 * App plugin `finance-docs`: the OpenAPI document (@fastify/swagger) built from the routes' schemas — the same
 * Effect Schemas that validate requests, converted with `JSONSchema.make` — and its UI at `/api/docs`.
 */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { COMPONENTS, describeRoute } from '../http/openapi.ts'

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Finance API',
          description:
            'Books, VAT, PIT and social security for a Polish sole trader. Money and percents are decimal strings.',
          version: '1.0.0',
        },
        tags: [
          { name: 'account', description: 'Log in, tokens, registration, passwords' },
          { name: 'config', description: 'Company data: Primary, Contact, Addresses, Invoice' },
          { name: 'fee', description: 'Fees: VAT, PIT and social security settings, expenses' },
          { name: 'revenue', description: 'Revenues: incomes' },
          { name: 'data', description: 'The generic data client: every record type under one path' },
          { name: 'transaction', description: 'Months, summaries, obligations, flags, manual transactions' },
          { name: 'books', description: 'The tax book (KPiR or ewidencja przychodów) and its JPK file' },
          { name: 'security', description: 'CSRF token' },
          { name: 'home', description: 'Who is logged in, which store' },
          { name: 'log', description: 'The event log (ADMIN)' },
          { name: 'bank', description: 'Bank accounts, statements, matching, rules, receivables and payables' },
          { name: 'rates', description: 'NBP table A rates for items in a foreign currency' },
          { name: 'vat', description: 'Refunds of the excess of input VAT asked for in a declaration' },
          {
            name: 'invoices',
            description: 'Invoices as documents: counterparties, number series, drafts, issue, corrections',
          },
          {
            name: 'assets',
            description:
              'The register of fixed assets and intangibles: write-offs, improvements, disposals, stock-taking',
          },
          {
            name: 'ksef',
            description: 'KSeF: token and certificate, FA(3) files, sending, offline invoices, UPO, received invoices',
          },
          {
            name: 'export',
            description: 'CSV exports of the computed books: transactions, the yearly summary, the tax book',
          },
          { name: 'records', description: 'The first-run set-up: company data and every setting written at once' },
          { name: 'admin', description: 'Backups and users (ADMIN)' },
        ],
        components: {
          schemas: { ...COMPONENTS },
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          },
        },
      },
      // Summaries, answers and errors of each operation (the routes declare only what they validate).
      transform: describeRoute,
    })
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The base layout: the operations without the standalone top bar, whose inline SVG logo carries a <style>
      // element the CSP (rightly) refuses; the bar's "Explore" box has nothing to explore here anyway.
      // Tags collapsed: with every tag open, swagger-ui stopped rendering the list past ~133 operations (a measured
      // limit of this version in Chromium, not a documented one); opened one at a time, each tag shows all of its own.
      uiConfig: { layout: 'BaseLayout', docExpansion: 'none' },
      theme: { title: 'Finance API' },
      // swagger-ui's own CSP for its pages, with its script/style hashes, minus `upgrade-insecure-requests`
      // (which would break the UI on a plain-http localhost).
      staticCSP: true,
      transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    })
  },
  { name: 'finance-docs', fastify: '5.x' },
)
