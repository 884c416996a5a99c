// The property definition area's door: import, its schema, the demo and the sellable window job.
export { definitionSchema } from './definition-schema';
export { registerDefinitionRoutes } from './definition-routes';
export { importDemoWhenEmpty } from './demo-import';
export { importDefinition, sellableWindow } from './import-definition';
export { scheduleSellableWindowRefresh } from './sellable-window-refresh';
