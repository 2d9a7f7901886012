export * from './types';
export { resolveCatalog, strictestConfirm } from './resolve-catalog';
export { createCatalogResolver, type CatalogResolver, type ResolveJob } from './catalog-resolver';
export { entriesWork } from './catalog-assembly';
export { Stepped, type Steps } from './stepped';
export { compareText } from './intent-index';
export { visibleTools, isUnlocked } from './visible-tools';
export { explainTool, type Explanation, type ExplainLayer, type ExplainLayerName } from './explain-tool';
export { localToolDefinitions, SEARCH_KNOWLEDGE, SEARCH_KNOWLEDGE_TOOL, LOAD_SKILL } from './local-tools';
export { fnv1a } from './description-hash';
export { DEFAULT_MAX_DESCRIPTION_BYTES, capDescription, describeTruncation, truncationOf } from './description-cap';
export { DEFAULT_MAX_SCHEMA_BYTES, capInputSchema, describeSchemaCap } from './schema-cap';
export {
  PINNED_FIELDS,
  pinnedDefinitionOf,
  pinDrift,
  onlyDescriptionChanged,
  describeFields,
  type PinDrift,
} from './pins';
export { countCatalog, describeCounts, TOOL_STATE_ORDER, type CatalogCounts } from './catalog-counts';
export { toolFunnel, inStage, sentRemoteTools, FUNNEL_STAGES, type FunnelStage, type ToolFunnel } from './tool-funnel';
