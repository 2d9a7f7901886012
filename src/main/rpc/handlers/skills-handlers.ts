import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type SkillRoutes = 'skills.servers' | 'skills.refreshServer' | 'skills.acceptServerSkill';

/** Skills that servers publish (the config's own skills are saved with the config: config-handlers.ts). */
export function createSkillHandlers({ publishedSkills }: AppServices): Pick<Handlers, SkillRoutes> {
  return {
    'skills.servers': () => publishedSkills.list(),
    'skills.refreshServer': ({ server }) => publishedSkills.refresh(server),
    'skills.acceptServerSkill': ({ server, name, digest }) => publishedSkills.accept(server, name, digest),
  };
}
