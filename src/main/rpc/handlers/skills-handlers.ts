import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';

export function createSkillHandlers(config: ConfigStore): Pick<Handlers, 'skills.get' | 'skills.save'> {
  const get = () => ({ skills: config.current().skills, revision: config.snapshot().revision });
  return {
    'skills.get': get,
    'skills.save': async ({ skills, baseRevision }) => {
      config.assertBaseRevision(baseRevision);
      await config.edit(() => [{ op: 'merge', path: ['skills'], value: skills }]);
      return get();
    },
  };
}
