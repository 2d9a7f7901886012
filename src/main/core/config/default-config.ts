/**
 * The first-run config when the entry point hands none (`CoreOptions.defaultConfigText`): no servers, no intents, the
 * schema's defaults for the rest. The operator adds servers and intents in the console or here.
 */
export function genericConfigText(): string {
  return `# Switchboard configuration. Edit here or in the console; changes apply from the next turn.
agent:
  maxSteps: 8
  approvalTimeoutMs: 300000
  mcp:
    servers: []
intents: []
skills: []
`;
}
