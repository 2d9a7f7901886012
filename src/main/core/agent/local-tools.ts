import { LOAD_SKILL, SEARCH_KNOWLEDGE } from '../../../shared/catalog';
import { say } from '../../../shared/messages';
import type { Skill } from '../../../shared/config/schema';
import type { UiMessage } from '../../../shared/i18n-message';
import type { KnowledgeBase } from '../knowledge/knowledge-base';
import { runSearchKnowledge } from '../knowledge/search-knowledge-tool';
import type { LiveConversation } from './conversation';
import type { LocalToolRunner } from './tool-proxy';

/** The manuals of skills servers publish (server-skills/server-skills-service.ts). */
export interface ServerSkillManuals {
  manual(server: string, name: string): Promise<{ ok: true; body: string } | { ok: false; reason: UiMessage }>;
  loadable(): readonly { name: string; description: string; server: string }[];
  /** A server skill by this name that cannot be loaded (quarantined or refused), with why; none when a config skill takes the name. */
  withheld(name: string): { server: string; reason: UiMessage } | undefined;
}

/** load_skill and search_knowledge, run in-process. */
export function createLocalToolRunner(deps: {
  skills: () => readonly Skill[];
  serverSkills?: ServerSkillManuals;
  knowledge: () => Promise<KnowledgeBase>;
}): LocalToolRunner {
  return {
    run(name, args, conversation) {
      if (name === LOAD_SKILL) return loadSkill(deps.skills(), deps.serverSkills, args, conversation);
      if (name === SEARCH_KNOWLEDGE)
        return deps.knowledge().then(
          (kb) => ({ text: runSearchKnowledge(kb, args), isError: false }),
          (error: unknown) => {
            const message = say('localTool.searchFailed', { detail: String(error) });
            return { text: message.text, isError: true, message };
          },
        );
      return undefined;
    },
  };
}

/**
 * A config skill's manual is its `manual:`, or the SKILL.md body of the server skill it names (`server:`); a verified
 * server skill no config skill names loads too, unlocking nothing. A server skill that cannot be loaded (quarantined,
 * refused, its server down) is refused with the reason, and unlocks nothing; so is one asked for by name that no config
 * skill names.
 */
async function loadSkill(
  skills: readonly Skill[],
  serverSkills: ServerSkillManuals | undefined,
  args: Record<string, unknown>,
  conversation: LiveConversation,
) {
  const wanted = typeof args.name === 'string' ? args.name : '';
  const configured = skills.find((s) => s.name === wanted);
  const published = configured ? undefined : serverSkills?.loadable().find((s) => s.name === wanted);
  const skill =
    configured ??
    (published && {
      name: published.name,
      server: published.server,
      skill: published.name,
      manual: '',
      unlocks: [] as string[],
    });
  if (!skill) {
    // A server skill held back (changed since its pin, or refused) is not offered, but asked for by name it says why.
    const held = serverSkills?.withheld(wanted);
    if (held) {
      const message = say('localTool.serverSkillWithheld', { name: wanted, server: held.server, reason: held.reason });
      return { text: message.text, isError: true, message };
    }
    const names = [...skills.map((s) => s.name), ...(serverSkills?.loadable().map((s) => s.name) ?? [])];
    // The model reads the English; the card shows the same sentence in the UI's language.
    const message = names.length
      ? say('localTool.noSuchSkill', { name: wanted, available: names.join(', ') })
      : say('localTool.noSkills', { name: wanted });
    return { text: message.text, isError: true, message };
  }
  let manual = skill.manual;
  if (skill.server) {
    const found = (await serverSkills?.manual(skill.server, skill.skill ?? skill.name)) ?? {
      ok: false as const,
      reason: say('serverSkill.notConnected', { server: skill.server }),
    };
    if (!found.ok) {
      const message = say('serverSkill.unavailable', { name: skill.name, server: skill.server, reason: found.reason });
      return { text: message.text, isError: true, message };
    }
    manual = found.body;
  }
  if (!conversation.loadedSkills.includes(skill.name))
    await conversation.write({ t: 'skills', loaded: [...conversation.loadedSkills, skill.name] });
  const unlocked = skill.unlocks.length ? `\n\nUnlocked from the next step: ${skill.unlocks.join(', ')}` : '';
  return { text: `# Skill loaded: ${skill.name}\n${manual}${unlocked}`, isError: false };
}
