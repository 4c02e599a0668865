/** `npm run openapi`: writes schema/openapi.json from the route schemas (a test fails on drift). */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../src/rest/openapi-document.js';

writeFileSync('schema/openapi.json', serializeOpenApiDocument(await buildOpenApiDocument()));
