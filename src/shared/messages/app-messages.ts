/**
 * MCP Apps (docs/PIPELINE.md, "MCP Apps"): why a tool's app, or something it asked for, was refused or bounded.
 * Server data (URIs, tool and server names, CSP values) is inserted verbatim.
 */
export const APP_MESSAGES = {
  'app.noUi': '{{toolId}} on {{server}} has no MCP App',
  'app.notUiScheme': 'refused the app of {{toolId}} on {{server}}: its resourceUri "{{uri}}" is not a ui:// URI',
  'app.uriNotUi': 'refused "{{uri}}" from {{server}}: an app resource is a ui:// URI',
  'app.wrongMimeType':
    'refused {{uri}} from {{server}}: its MIME type is "{{mimeType}}", not text/html;profile=mcp-app',
  'app.tooLarge': 'refused {{uri}} from {{server}}: it is {{size}} bytes, over the {{limit}}-byte cap for an app',
  'app.notText': 'refused {{uri}} from {{server}}: it carries no HTML',
  'app.closedConnection':
    'refused {{uri}} from {{server}}: reading it closed the connection (bigger than the transport accepts, and over the {{limit}}-byte cap for an app); it is not read again',
  'app.readFailed': 'could not read {{uri}} from {{server}}: {{detail}}',
  'app.tooMany': 'did not read {{uri}} from {{server}}: the server names more than {{limit}} app resources',
  'app.quarantined':
    'the app of {{toolId}} on {{server}} is held with its tool: its definition or its UI resource changed since pinned; review it under Tools',
  'app.notConnected': '{{server}} is not connected',
  'app.uriNotOffered': '{{uri}} is not the app of any tool on {{server}}',
  'app.otherServer':
    'refused: the app of {{appTool}} on {{server}} may call only tools of {{server}}, not "{{tool}}" of {{toolServer}}',
  'app.noSuchTool': 'refused: the app of {{appTool}} asked for "{{tool}}", which {{server}} does not offer',
  'app.rateLimited':
    'refused: the app of {{appTool}} on {{server}} asked for more than {{count}} calls in {{seconds}} seconds',
  'app.callLimit':
    'refused: the app of {{appTool}} on {{server}} reached its limit of {{count}} calls in this conversation',
  'app.messagesRateLimited':
    'refused: the app of {{appTool}} on {{server}} sent more than {{count}} messages in {{seconds}} seconds',
  'app.messagesLimit':
    'refused: the app of {{appTool}} on {{server}} reached its limit of {{count}} messages in this conversation',
  'app.cspWildcard': '"{{value}}" in {{directive}} was dropped: an app names explicit origins, never a bare wildcard',
  'app.cspNotOrigin':
    '"{{value}}" in {{directive}} was dropped: only https: origins (and wss: for connections) are allowed',
  'app.cspTooMany': '{{count}} more entries in {{directive}} were dropped: at most {{limit}} are kept',
  'app.samplingRefused': 'the sampling request of the app of {{appTool}} on {{server}} was refused: {{detail}}',
  'app.linkRefused': 'the app on {{server}} asked to open a link Switchboard will not open: {{reason}}',
  'app.messageFrom': 'from the app of {{appTool}} ({{server}})',
} as const;
