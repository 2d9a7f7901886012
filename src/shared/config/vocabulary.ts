import type { UiMessage } from '../i18n-message';
import { say } from '../messages';
import type { SwitchboardConfig } from './schema';

/** The model providers the core itself offers; an entry point may register more (`createCore({ modelProviders })`). */
export const VENDOR_PROVIDERS = ['openai-compatible', 'anthropic'] as const;

/**
 * What this process can run, by name: the builtin servers and the model providers its entry point registered (beside
 * the vendors'). A config naming another is refused, with the names there are.
 */
export interface ConfigVocabulary {
  builtinServers: readonly string[];
  /** In the order offered; the first is the one a config without `provider:` uses. */
  modelProviders: readonly string[];
}

/** The vocabulary of a process whose entry point embeds `builtinServers` and registered `providers` (in order). */
export function configVocabulary(builtinServers: readonly string[], providers: readonly string[]): ConfigVocabulary {
  return { builtinServers, modelProviders: [...new Set([...providers, ...VENDOR_PROVIDERS])] };
}

/** A problem the config schema adds after zod's own: where, and the message the console translates. */
export type ConfigRuleProblem = { path: (string | number)[]; message: UiMessage };

/** Names as the config writes them, verbatim in every language: "a", "b". */
const quotedList = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** A builtin server or model provider this process does not have, named with those it has. */
export function unknownNames(
  config: SwitchboardConfig,
  { builtinServers, modelProviders }: ConfigVocabulary,
): ConfigRuleProblem[] {
  const problems: ConfigRuleProblem[] = [];
  config.agent.mcp.servers.forEach((server, index) => {
    if (!('builtin' in server) || builtinServers.includes(server.builtin)) return;
    const name = server.builtin;
    problems.push({
      path: ['agent', 'mcp', 'servers', index, 'builtin'],
      message:
        builtinServers.length > 0
          ? say('config.unknownBuiltin', { name, known: quotedList(builtinServers) })
          : say('config.noBuiltins', { name }),
    });
  });
  const { provider } = config.agent.model;
  if (!modelProviders.includes(provider))
    problems.push({
      path: ['agent', 'model', 'provider'],
      message: say('config.unknownProvider', { name: provider, known: quotedList(modelProviders) }),
    });
  return problems;
}
