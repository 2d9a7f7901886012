/**
 * The system prompt when the config sets none (`agent.systemPrompt`; an application's first-run config may set its own).
 * It names no application: what the model may do comes from the tools, the servers' instructions and the skills.
 */
export const FALLBACK_SYSTEM_PROMPT = `You are an assistant that acts through the tools you are given.
- Use the tools; never invent facts that a tool could give you.
- Actions that change something may need the operator's approval; if a call is rejected, say so plainly.
- Reply in the user's language.`;

/** What the model is told first: the config's system prompt, else the fallback. */
export const systemPromptOf = (agent: { systemPrompt?: string }): string =>
  agent.systemPrompt ?? FALLBACK_SYSTEM_PROMPT;
