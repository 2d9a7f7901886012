import { listMcpLeaves, RESERVED_TOOL_NAMES, type IntentNode } from '../config/schema';
import { msg, type CatalogMessage } from './catalog-messages';
import {
  layerOf,
  localLayers,
  remoteLayers,
  type ExplainLayer,
  type ExplainLayerName,
  type ToolFacts,
} from './explain-layers';
import { resolveCatalog } from './resolve-catalog';
import type { Catalog, CatalogInput, SchemaCap } from './types';
import { visibleTools } from './visible-tools';

export type { ExplainLayer, ExplainLayerName } from './explain-layers';

export interface Explanation {
  toolId: string;
  verdict: 'visible' | 'hidden';
  layers: ExplainLayer[];
  /** The first layer that drops the tool; null when it is visible. */
  firstFailingLayer: ExplainLayerName | null;
}

/**
 * Walks a tool name through every layer and says, for each, whether it passes and why.
 * Every layer is evaluated (not just up to the first failure) so an operator sees all that is wrong at once.
 */
export function explainTool(
  input: CatalogInput,
  toolId: string,
  loadedSkills: readonly string[] = [],
  catalog: Catalog = resolveCatalog(input),
): Explanation {
  const facts = factsOf(input, toolId);
  const isLocal = catalog.localTools.some((t) => t.name === toolId);
  const reserved = (input.reserved ?? RESERVED_TOOL_NAMES).includes(toolId);
  const layers =
    isLocal || reserved
      ? localLayers(facts, catalog, toolId, isLocal)
      : remoteLayers(input, facts, catalog, toolId, loadedSkills);
  const visible = visibleTools(catalog, loadedSkills).some((t) => t.name === toolId);
  const binding = catalog.bindingsByToolId.get(toolId);
  const truncated = binding?.descriptionTruncated;
  const schemaCap = binding?.schemaCapped;
  const cut = truncated ? msg('catalog.explain.cut', { bytes: truncated.bytes, limit: truncated.limit }) : undefined;
  const schemaCut = schemaCap ? schemaCutMessage(schemaCap) : undefined;
  const skills = loadedSkills.length ? msg('catalog.explain.sentSkills', { skills: loadedSkills }) : undefined;
  layers.push(
    layerOf(
      'visible',
      visible,
      visible
        ? msg('catalog.explain.sent', { skills, cut, schemaCut })
        : msg('catalog.explain.notSent', { cut, schemaCut }),
    ),
  );
  const failing = layers.find((l) => !l.ok);
  return { toolId, verdict: visible ? 'visible' : 'hidden', layers, firstFailingLayer: failing?.layer ?? null };
}

/** "; its input schema is 5,000,123 bytes, sent as 3,210 (…)" */
function schemaCutMessage(cap: SchemaCap): CatalogMessage {
  return msg(cap.whole ? 'catalog.explain.schemaWithheld' : 'catalog.explain.schemaCut', {
    bytes: cap.bytes,
    sentBytes: cap.sentBytes,
    limit: cap.limit,
    texts: cap.textsCut,
    enums: cap.enumsCut,
    depth: cap.depthCut,
  });
}

function factsOf(input: CatalogInput, toolId: string): ToolFacts {
  return {
    offered: input.servers
      .filter((s) => s.status === 'connected' && s.tools.some((t) => t.name === toolId))
      .map((s) => ({ server: s.name })),
    nodes: listMcpLeaves(input.intents as IntentNode[]).filter((leaf) => leaf.toolId === toolId),
    gatedBy: input.skills.filter((skill) => skill.unlocks.includes(toolId)).map((skill) => skill.name),
    serverByName: (name) => input.servers.find((s) => s.name === name),
  };
}
