/**
 * What an import of another host's MCP config (Claude Desktop, Cursor, VS Code) could not take as it was, as the
 * import preview shows it (src/main/core/config/import-servers.ts). The CLI prints the same English. `{{key}}`,
 * `{{path}}`, `{{value}}`, `{{name}}`, `{{type}}` and `{{detail}}` (the JSON parser's code) are inserted verbatim;
 * `{{capped}}` is import.timeoutCapped or nothing.
 */
export const IMPORT_MESSAGES = {
  'import.notJson': 'not valid JSON: {{detail}} at offset {{offset}}',
  'import.notObject': 'expected a JSON object',
  'import.noServers': 'expected an "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) object',
  'import.vscodeInputs': 'VS Code input prompts are not supported; values that use ${input:…} are left out',
  'import.entryNotObject': 'expected an object',
  'import.renamed': '"{{name}}" is not a valid server name here; imported as "{{newName}}"',
  'import.keyUnsupported': '"{{key}}" is not supported here; ignored',
  'import.keyUnknown': 'unknown key "{{key}}"; ignored',
  'import.remoteOnly': '"{{key}}" applies to remote servers only; ignored',
  'import.variableSkipped': '{{value}} uses a variable Switchboard cannot resolve; server skipped',
  'import.quotedVariableSkipped': '"{{value}}" uses a variable Switchboard cannot resolve; server skipped',
  'import.unknownTransport': 'unknown transport type "{{type}}"; server skipped',
  'import.timeoutInvalid': 'expected a positive number; ignored',
  'import.timeoutSeconds': 'kept as timeoutMs: {{kept}} ({{value}} read as seconds{{capped}})',
  'import.timeoutMilliseconds': 'kept as timeoutMs: {{kept}} ({{value}} read as milliseconds{{capped}})',
  'import.timeoutCapped': ', capped at {{max}}',
  'import.objectIgnored': 'expected an object; ignored',
  'import.callbackPort':
    'a fixed callback port is not needed: Switchboard listens on a random loopback port (RFC 8252); ignored',
  'import.variableLeftOut': '{{value}} is not supported (only ${env:NAME} is); left out, set it yourself',
  'import.envNotAllowed':
    'uses the environment variable {{variable}}, which you did not allow this import to send; left out',
  'import.envNotAllowedSkipped':
    'uses the environment variable {{variable}}, which you did not allow this import to send; server skipped',
} as const;
