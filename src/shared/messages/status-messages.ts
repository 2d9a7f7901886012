/**
 * What main says about a server's connection and about the config file, shown on the Servers cards and in the
 * Settings problem lists. `{{phase}}` is a protocol step (initialize, tools/list) or `transport`; `{{line}}`,
 * `{{reason}}`, `{{detail}}` and `{{message}}` are what the server, its command or the yaml library said, verbatim.
 */
export const STATUS_MESSAGES = {
  // a connection attempt (src/main/core/mcp/connection-failures.ts)
  'connection.timeout':
    "timed out after {{ms}} ms waiting for {{phase}} (timeoutMs; raise it in this server's settings to wait longer)",
  'connection.installTimeout':
    "timed out after {{ms}} ms waiting for {{phase}}: {{runner}} may still have been installing the package (installTimeoutMs, the first start of a package-runner command; raise it in this server's settings to wait longer)",
  'connection.exited': 'the command exited before it answered {{phase}}: {{line}}',
  'connection.exitedSilently': 'the command exited before it answered {{phase}} (nothing on stderr)',
  'connection.unsupportedRevision':
    'the server does not speak MCP {{requested}}; it speaks {{supported}}. Set this server\'s protocol to match (auto, legacy or "2026-07-28")',
  'connection.noModernRevision':
    'the server does not speak MCP {{revision}}: its server/discover did not offer it (this server\'s protocol is pinned to "{{revision}}"; set auto or legacy to speak 2025)',
  'connection.eraContradiction':
    'the server contradicts itself: it negotiated MCP {{negotiated}}, then refused a {{negotiated}} request naming {{supported}}. Pin this server\'s protocol (legacy or "2026-07-28") to the revision it really serves',
  'connection.lost': 'connection lost: {{reason}}',
  'connection.rediscoveryFailed': 'rediscovery failed: {{detail}}',
  'connection.notConnected': 'MCP server {{server}} is not connected ({{detail}})',
  // OAuth verdicts (src/main/core/auth)
  'auth.signInRequired': 'sign-in required',
  'auth.signInRequiredAt': 'sign-in required at {{where}}',
  'auth.signInRequiredScope': 'sign-in required (scope "{{scope}}")',
  'auth.signInRequiredAtScope': 'sign-in required at {{where}} (scope "{{scope}}")',
  'auth.stepUp': '{{server}} needs more access (scope "{{scope}}"): sign in again to grant it',
  'auth.scopeStillRefused':
    '{{server}} still answers 403 insufficient_scope for "{{scope}}", which the current sign-in already asked for; signing in again will not help',
  'auth.refusedByServer': 'the authorization server refused: {{detail}}',
  // the config file (src/main/core/config/parse-config.ts, the schema's own checks)
  'config.tooLarge': 'the file is {{size}}, more than the {{limit}} a config may be; it was not read',
  'config.tooManyServers': 'more than {{limit}} servers ({{count}})',
  'config.tooManyIntentNodes': 'more than {{limit}} intent nodes ({{count}})',
  'config.tooManySkills': 'more than {{limit}} skills ({{count}})',
  'config.yaml': 'YAML: {{message}}',
  'config.unreadable': 'the document cannot be read: {{detail}}',
  'config.readFailed': 'the file could not be read: {{detail}}',
  'config.duplicateServer': 'duplicate server name "{{name}}"',
  'config.duplicateIntentId': 'duplicate intent id "{{id}}"',
  'config.unknownServer': 'unknown server "{{server}}"',
  // names only the entry point knows (the shared schema's configSchemaFor, with what createCore was handed)
  'config.unknownBuiltin': 'there is no builtin server "{{name}}" here; the builtin servers are {{known}}',
  'config.noBuiltins': 'there is no builtin server "{{name}}" here: this build embeds none',
  'config.unknownProvider': 'there is no model provider "{{name}}" here; the providers are {{known}}',
  'config.pinMismatch':
    'node {{id}} pins {{toolId}} to server "{{server}}"; nodes of one tool must pin the same server',
  'config.duplicateSkill': 'duplicate skill name "{{name}}"',
  'config.mcpNodeNeedsToolId': 'an mcp node needs a toolId',
  'config.envName': '"{{name}}" is not an environment variable name: it is empty or holds "=" or a NUL',
  'config.modelBaseUrl': 'the model base URL is a full http:// or https:// URL',
  'config.intentNameNeeded': 'a node needs a name (not only spaces)',
  'config.headerName':
    '"{{name}}" is not a header name HTTP accepts: use letters, digits and !#$%&\'*+-.^_`|~, without spaces or ":"',
  'config.clientIdNeeded': 'the client_credentials grant needs a clientId',
  'config.clientSecretNeeded': 'the client_credentials grant needs either a clientSecret or a privateKey',
  'config.privateKeyGrant': 'privateKey (private_key_jwt) is used with grant: client_credentials',
  'config.clientSecretNeedsId': 'a clientSecret needs its clientId',
  'config.crossAppClientNeeded':
    "the cross_app_access grant needs the clientId and clientSecret registered with the MCP server's authorization server",
  'config.crossAppIdpNeeded':
    'the cross_app_access grant needs an idp block: issuer or tokenEndpoint, clientId, idToken',
  'config.idpGrant': 'idp is used with grant: cross_app_access',
  'config.idpEndpoint': 'idp needs either issuer or tokenEndpoint',
  'config.idpSecretEnv': 'idp.clientSecret is written as ${env:NAME}',
  'config.idpTokenLiteral': 'idp.idToken is ${env:NAME} or a file path, never the token itself',
  'config.serverNameChars': 'use letters, digits, "_", "-" or "."',
  'config.intentIdChars': 'use letters, digits, "_", "-", "." or ":"',
  'config.skillNameChars': 'use letters, digits, "_" or "-"',
  'config.scopeWord': 'a scope is one word without quotes or backslashes',
  'config.skillUnlocksNothing': 'a skill must unlock at least one tool',
  'config.actingIdentityChars': 'an acting identity uses letters, digits, "_" or "-"',
  // zod's own issues (a config field or an RPC input of the wrong shape); `text` is zod's English message
  'zod.invalidType': 'Invalid input: expected {{expected}}, received {{received}}',
  'zod.invalidValue': 'Invalid option: expected one of {{options}}',
  'zod.unrecognizedKeys': 'Unrecognized keys: {{keys}}',
  'zod.tooSmall': 'Too small: expected {{origin}} to be {{bound}}',
  'zod.tooSmallLength': 'Too small: expected {{origin}} to have {{bound}} characters or items',
  'zod.tooBig': 'Too big: expected {{origin}} to be {{bound}}',
  'zod.tooBigLength': 'Too big: expected {{origin}} to have {{bound}} characters or items',
  'zod.invalidFormat': 'Invalid {{format}}',
  'zod.invalidInput': 'Invalid input',
} as const;
