/**
 * A config whose one intent category mounts every named tool with `confirm: never`, so `/call TOOL {json}` (or a
 * model's call) runs it at once. Pure data: the browser e2e fixtures import it too.
 */
export function mountedToolsConfig(options: {
  servers: Record<string, unknown>[];
  tools: readonly string[];
  /** The category's id and name. */
  category: { id: string; name: string };
  /** More agent fields (maxSteps …); the model is the demo provider unless one is given here. */
  agent?: Record<string, unknown>;
}) {
  return {
    agent: { model: { provider: 'demo' }, ...options.agent, mcp: { servers: options.servers } },
    intents: [
      {
        ...options.category,
        children: options.tools.map((toolId) => ({
          id: `n-${toolId}`,
          name: toolId,
          kind: 'mcp',
          toolId,
          confirm: 'never',
        })),
      },
    ],
    skills: [],
  };
}
