// The API documentation page's door.
export { apiDocsRouter } from './api-docs';
