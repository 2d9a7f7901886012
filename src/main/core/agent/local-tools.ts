import { LOAD_SKILL, SEARCH_KNOWLEDGE } from '../../../shared/catalog';
import { say } from '../../../shared/messages';
import type { Skill } from '../../../shared/config/schema';
import type { KnowledgeBase } from '../knowledge/knowledge-base';
import { runSearchKnowledge } from '../knowledge/search-knowledge-tool';
import type { LiveConversation } from './conversation';
import type { LocalToolRunner } from './tool-proxy';

/** load_skill and search_knowledge, run in-process. */
export function createLocalToolRunner(deps: { skills: () => readonly Skill[]; knowledge: () => Promise<KnowledgeBase> }): LocalToolRunner {
  return {
    run(name, args, conversation) {
      if (name === LOAD_SKILL) return loadSkill(deps.skills(), args, conversation);
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

async function loadSkill(skills: readonly Skill[], args: Record<string, unknown>, conversation: LiveConversation) {
  const wanted = typeof args.name === 'string' ? args.name : '';
  const skill = skills.find((s) => s.name === wanted);
  if (!skill) {
    // The model reads the English; the card shows the same sentence in the UI's language.
    const message = skills.length ? say('localTool.noSuchSkill', { name: wanted, available: skills.map((s) => s.name).join(', ') }) : say('localTool.noSkills', { name: wanted });
    return { text: message.text, isError: true, message };
  }
  if (!conversation.loadedSkills.includes(skill.name))
    await conversation.write({ t: 'skills', loaded: [...conversation.loadedSkills, skill.name] });
  return {
    text: `# Skill loaded: ${skill.name}\n${skill.manual}\n\nUnlocked from the next step: ${skill.unlocks.join(', ')}`,
    isError: false,
  };
}
