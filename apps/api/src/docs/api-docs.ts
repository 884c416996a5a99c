import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';

const require = createRequire(import.meta.url);

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Hotel booking engine API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

// A separate script rather than an inline one, so helmet's default CSP stays strict.
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });`;

/** `/api/docs`: the OpenAPI document rendered by swagger-ui, served from our own origin (no CDN). */
export function apiDocsRouter(): Router {
  const router = express.Router();
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.use('/docs/assets', express.static(assets, { maxAge: '1d' }));
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  return router;
}
