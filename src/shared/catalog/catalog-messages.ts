import { formatMessage, type Message, type MessageParam } from '../i18n-message';
import { messageOf } from '../messages/define';
import { SKILL_MESSAGES } from '../messages/skill-messages';

/**
 * Every sentence the catalog composes for the UI — the rows' reasons and explain's details — by code, with its
 * English template (see formatMessage for the syntax). These are the renderer's English resources too
 * (namespace `messages`); locales/zh-CN/messages.json translates every code with the same params.
 * Params are server data (tool ids, server names, node ids, errors) and are inserted verbatim.
 */
export const CATALOG_MESSAGES = {
  // A server's state, inside a sentence ("node x pins server y, which failed (…)").
  'catalog.server.failed': 'failed',
  'catalog.server.failedWith': 'failed ({{error}})',
  'catalog.server.needsAuth': 'awaits sign-in',
  'catalog.server.needsAuthWith': 'awaits sign-in ({{error}})',
  'catalog.server.needsConfirmation': 'waits for your confirmation to launch its command',
  'catalog.server.connecting': 'is connecting',
  'catalog.server.disabled': 'is disabled',
  'catalog.server.connected': 'is connected',
  'catalog.server.isFailed': 'is failed',
  'catalog.server.isFailedWith': 'is failed ({{error}})',
  'catalog.server.notConfigured': 'is not configured',
  'catalog.server.doesNotOffer': 'does not offer it',
  'catalog.server.named': '{{server}} {{state}}',
  // Client capabilities a server was not offered.
  'catalog.capability.elicitation': 'elicitation (it is turned off for that server)',
  'catalog.capability.sampling': 'sampling (it is turned off for that server)',
  'catalog.capability.roots': 'roots (none configured for that server)',
  'catalog.capability.initializedWithout': '{{server}} was initialized without {{capabilities, list}}',
  // Several servers missing the same capabilities: one clause for all of them, not one per server.
  'catalog.capability.elicitationMany': 'elicitation (it is turned off for those servers)',
  'catalog.capability.samplingMany': 'sampling (it is turned off for those servers)',
  'catalog.capability.rootsMany': 'roots (none configured for those servers)',
  'catalog.capability.initializedWithoutMany': '{{servers, and}} were initialized without {{capabilities, list}}',
  'catalog.capability.withheld':
    '{{servers, clauses}}: a server may withhold tools that need a capability the client did not declare',
  'catalog.fields.definition': 'the definition',

  // The rows' reasons.
  'catalog.reason.reserved': 'collides with the local tool "{{toolId}}", which always wins{{cannotMount}}',
  'catalog.reason.reservedNodes': '; node {{nodes, list}} cannot mount it',
  'catalog.reason.notMounted': 'discovered on {{server}}, but no MCP intent node has toolId "{{toolId}}"',
  'catalog.reason.cappedDescription': '; its description is cut for the model',
  'catalog.reason.cappedSchema': '; its input schema is capped for the model',
  'catalog.reason.cappedBoth': '; its description and input schema are capped for the model',
  'catalog.reason.mountedByNode': 'mounted by node {{nodes, list}}{{shadows}}{{stale}}{{capped}}',
  'catalog.reason.mountedByNodes': 'mounted by nodes {{nodes, list}}{{shadows}}{{stale}}{{capped}}',
  'catalog.reason.appOnly':
    'mounted by node {{nodes, list}}, but visible to its MCP App only (_meta.ui.visibility): never sent to the model',
  'catalog.reason.gatedNode':
    'mounted by node {{nodes, list}}, but gated by skill {{skills, or}}: callable, not sent to the model until load_skill loads it{{shadows}}{{stale}}{{capped}}',
  'catalog.reason.gatedNodes':
    'mounted by nodes {{nodes, list}}, but gated by skill {{skills, or}}: callable, not sent to the model until load_skill loads it{{shadows}}{{stale}}{{capped}}',
  'catalog.reason.shadows': '; it shadows {{servers, list}}',
  'catalog.reason.overrideStale':
    "; override stale: the server's description changed since it was pinned, under the override (the model still sees the override; acknowledge the new text to clear this)",
  'catalog.reason.pinServes':
    'node {{node}} pins server {{pinned}}, which serves it; this copy on {{server}} is not used',
  'catalog.reason.pinDoesNotServe':
    'node {{node}} pins server {{pinned}}, which does not serve it right now (see the unavailable row); this copy on {{server}} is not used',
  'catalog.reason.shadowedBy':
    'also offered by {{winner}}, which comes first in config order and wins; pin a server with "server:" on the node to choose',
  'catalog.reason.shadowedByEarlier':
    'also offered by an earlier server, which comes first in config order and wins; pin a server with "server:" on the node to choose',
  'catalog.reason.drift':
    '{{fields, and}} changed on {{server}} since it was pinned ({{pinnedAt}}); hidden from the model and blocked until an operator reviews the diff and accepts it',
  'catalog.reason.driftRejected':
    '{{fields, and}} changed on {{server}} since it was pinned ({{pinnedAt}}); the operator rejected this version: it stays hidden and blocked, and is not asked about again until it changes',
  'catalog.reason.moved':
    'binding moved from {{from}} to {{to}}{{differs}}; hidden from the model and blocked until an operator accepts the move ({{where}})',
  'catalog.reason.movedRejected':
    'binding moved from {{from}} to {{to}}{{differs}}; the operator rejected this move: it stays hidden and blocked while it lasts',
  'catalog.reason.movedDiffersOne': ' ({{fields, and}} differs)',
  'catalog.reason.movedDiffersMany': ' ({{fields, and}} differ)',
  'catalog.reason.moveAlsoOffers': '{{server}} also offers it but comes later in config order',
  'catalog.reason.moveNotServed': '{{server}} does not serve it now',
  'catalog.reason.localName': '"{{toolId}}" is the name of a local tool, so no remote tool can take it{{offeredBy}}',
  'catalog.reason.localNameOfferedBy': ' (offered by {{servers, list}})',
  'catalog.reason.pinsServerOffered':
    'node {{node}} pins server {{server}}, which {{state}}; {{servers, list}} offers it but is not used',
  'catalog.reason.pinsServer': 'node {{node}} pins server {{server}}, which {{state}}',
  'catalog.reason.checked': 'no connected server offers it (checked {{servers, list}})',
  'catalog.reason.noneConnected': 'no server is connected',
  'catalog.reason.toolsUnknown': '{{checked}}; {{down, list}}, so its tools are unknown',
  'catalog.reason.mayExist': '{{checked}}; {{withheld}}, so "{{toolId}}" may exist there',
  'catalog.reason.doesNotExist': '{{checked}}: "{{toolId}}" does not exist on any server',

  // explain's layers.
  'catalog.explain.sent': 'sent to the model this turn{{skills}}{{cut}}{{schemaCut}}',
  'catalog.explain.sentSkills': ' (loaded skills: {{skills, list}})',
  'catalog.explain.notSent': 'not in the tool list the model receives this turn{{cut}}{{schemaCut}}',
  'catalog.explain.cut':
    '; its description is {{bytes, number}} bytes, cut to the first {{limit, number}} for the model (agent.mcp.maxDescriptionBytes)',
  'catalog.explain.schemaCut':
    '; its input schema is {{bytes, number}} bytes, capped to {{sentBytes, number}} for the model ({{texts, number}} texts cut, {{enums, number}} enums cut, {{depth, number}} deep parts cut; agent.mcp.maxSchemaBytes)',
  'catalog.explain.schemaWithheld':
    '; its input schema is {{bytes, number}} bytes, over the limit of {{limit, number}} even once capped: the model receives only its top-level property names ({{sentBytes, number}} bytes; agent.mcp.maxSchemaBytes)',
  'catalog.explain.local': 'an in-process tool, sent before the MCP tools every turn{{collision}}',
  'catalog.explain.localCollision': '; the remote copy on {{servers, list}} is reserved and never mounted',
  'catalog.explain.loadSkillNeedsSkill': 'load_skill is offered only when a skill is configured{{collision}}',
  'catalog.explain.localNotOffered': 'this local tool is not offered{{collision}}',
  'catalog.explain.noServers': 'no MCP server is configured under agent.mcp.servers',
  'catalog.explain.allDisabled': 'every configured server is disabled ({{servers, list}})',
  'catalog.explain.enabled': 'enabled: {{servers, list}}{{disabled}}',
  'catalog.explain.alsoDisabled': '; disabled: {{servers, list}}',
  'catalog.explain.connected': 'connected: {{servers, list}}{{down}}',
  'catalog.explain.down': '; {{down, list}}',
  'catalog.explain.noneConnected': 'no server is connected: {{down, list}}',
  'catalog.explain.nothingToConnect': 'nothing to connect to',
  'catalog.explain.offeredBy': 'offered by {{servers, list}}',
  'catalog.explain.notOffered': 'no connected server offers "{{toolId}}"{{checked}}{{down}}{{withheld}}{{refused}}',
  'catalog.explain.refused': '; {{server}} listed a definition named "{{toolId}}", but it was refused: {{reason}}',
  'catalog.explain.checked': ' (checked {{servers, list}})',
  'catalog.explain.toolsUnknown': '; {{down, list}}, so its tools are unknown',
  'catalog.explain.mayExist': '; {{withheld}}, so it may exist there',
  'catalog.explain.mountedByNode': 'mounted by MCP intent node {{nodes, list}}',
  'catalog.explain.mountedByNodes': 'mounted by MCP intent nodes {{nodes, list}}',
  'catalog.explain.notMounted':
    'no MCP intent node has toolId "{{toolId}}": a discovered tool reaches the model only through the intent tree',
  'catalog.explain.notReserved': '"{{toolId}}" is not a local tool name',
  'catalog.explain.servedBy': 'served by {{server}} ({{how}}){{losers}}',
  'catalog.explain.pinnedByNode': 'pinned by node {{node}}',
  'catalog.explain.firstInOrder': 'first in config order',
  'catalog.explain.onlyServer': 'the only server offering it',
  'catalog.explain.loserOne': '; {{servers, list}} also offers it and loses',
  'catalog.explain.losersMany': '; {{servers, list}} also offer it and lose',
  'catalog.explain.pinNotUsed':
    'node {{node}} pins server {{server}}, which {{state}}; the copy on {{servers, list}} is not used',
  'catalog.explain.firstOf': 'first in config order: {{server}}',
  'catalog.explain.noCompetitor': 'no competing server',
  'catalog.explain.moved':
    'quarantined: binding moved from {{from}} (accepted at {{acceptedAt}}) to {{to}}{{differs}}{{verdict}}',
  'catalog.explain.movedDiffersOne': '; {{fields, and}} differs from what {{from}} offered',
  'catalog.explain.movedDiffersMany': '; {{fields, and}} differ from what {{from}} offered',
  'catalog.explain.moveRejected': '; the operator rejected this move',
  'catalog.explain.moveAsk': '; accept or reject the move',
  'catalog.explain.drift':
    'quarantined: {{fields, and}} changed on {{server}} since pinned at {{pinnedAt}} (sha256 {{pinnedHash}} -> {{currentHash}}){{verdict}}',
  'catalog.explain.driftRejected': '; the operator rejected this version',
  'catalog.explain.driftAsk': '; accept or reject the change',
  'catalog.explain.noDefinition': 'no definition to check',
  'catalog.explain.pinningOff': 'definition pinning is not checked here',
  'catalog.explain.firstSight': 'first sight of {{toolId}} on {{server}}: trusted and pinned now',
  'catalog.explain.overrideStale':
    "override stale: {{server}} changed the description since it was pinned at {{pinnedAt}} (sha256 {{pinnedHash}} -> {{currentHash}}); the model sees node {{nodes, list}}'s override, so it stays bound",
  'catalog.explain.matchesPin': 'matches the definition pinned at {{pinnedAt}} (sha256 {{pinnedHash}})',
  'catalog.explain.notGated': 'no skill gates it',
  'catalog.explain.unlocked': 'unlocked by loaded skill {{skills, list}}',
  'catalog.explain.gated':
    'gated by skill {{skills, or}}, not loaded this turn: its schema is withheld until load_skill loads it{{sources}}',
  'catalog.explain.skillFrom': "; {{skill}}'s manual is skill {{serverSkill}} of server {{server}}: {{state}}",
  'catalog.explain.skillSource.verified': 'verified',
  'catalog.explain.skillSource.quarantined':
    'quarantined ({{reason}}), so load_skill cannot load it until the operator accepts it',
  'catalog.explain.skillSource.refused': 'refused ({{reason}}), so load_skill cannot load it',
  'catalog.explain.skillSource.unavailable': 'not available ({{reason}}), so load_skill cannot load it',
  'catalog.explain.forModel': 'its _meta.ui.visibility includes the model (or says nothing)',
  'catalog.explain.appOnly':
    'visible to its MCP App only (_meta.ui.visibility on {{server}} leaves out the model): never sent to the model; its app may call it',
} as const satisfies Record<string, string>;

export type CatalogMessageCode = keyof typeof CATALOG_MESSAGES;
/** A sentence of the catalog: a code of CATALOG_MESSAGES and its params. */
export type CatalogMessage = Message<CatalogMessageCode>;

/** A catalog message (the message system's `messageOf`, typed to the catalog's codes). */
export const msg = (code: CatalogMessageCode, params?: Record<string, MessageParam | undefined>): CatalogMessage =>
  messageOf(code, params);

/** The English text of a catalog message: what the CLI, `--json` and logs print. */
export const englishOf = (message: Message): string => formatMessage(ENGLISH, message);
/** A server skill's reason (main's sentence) sits inside explain's gated clause. */
const ENGLISH: Readonly<Record<string, string>> = { ...CATALOG_MESSAGES, ...SKILL_MESSAGES };

/** A changed-fields list, as `{{fields, and}}` inserts it: the field names, or "the definition" when none is named. */
export const fieldsParam = (fields: readonly string[]): MessageParam =>
  fields.length ? fields : msg('catalog.fields.definition');
