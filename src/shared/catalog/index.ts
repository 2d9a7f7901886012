export * from './types';
export { resolveCatalog, strictestConfirm } from './resolve-catalog';
export { compareText } from './catalog-index';
export { visibleTools, isUnlocked } from './visible-tools';
export { explainTool, type Explanation, type ExplainLayer, type ExplainLayerName } from './explain-tool';
export { localToolDefinitions, SEARCH_KNOWLEDGE, SEARCH_KNOWLEDGE_TOOL, LOAD_SKILL } from './local-tools';
export { fnv1a } from './description-hash';
export { PINNED_FIELDS, pinnedDefinitionOf, pinDrift, onlyDescriptionChanged, describeFields, type PinDrift } from './pins';
