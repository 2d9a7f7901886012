import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';
import type { ServerSkillsService } from '../../core/server-skills/server-skills-service';

type SkillRoutes =
  'skills.get' | 'skills.save' | 'skills.servers' | 'skills.refreshServer' | 'skills.acceptServerSkill';

export function createSkillHandlers(
  config: ConfigStore,
  serverSkills: ServerSkillsService,
): Pick<Handlers, SkillRoutes> {
  const get = () => ({ skills: config.current().skills, revision: config.snapshot().revision });
  const servers = () => ({ skills: serverSkills.views(), listings: serverSkills.listingViews() });
  return {
    'skills.get': get,
    'skills.save': async ({ skills, baseRevision }) => {
      config.assertBaseRevision(baseRevision);
      await config.edit(() => [{ op: 'merge', path: ['skills'], value: skills }]);
      return get();
    },
    'skills.servers': servers,
    'skills.refreshServer': async ({ server }) => {
      await serverSkills.refresh(server);
      return servers();
    },
    'skills.acceptServerSkill': ({ server, name, digest }) => serverSkills.accept(server, name, digest),
  };
}
