import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';
import { mergeIntoDocument } from '../../core/config/yaml-merge';

export function createSkillHandlers(config: ConfigStore): Pick<Handlers, 'skills.get' | 'skills.save'> {
  const get = () => ({ skills: config.current().skills, revision: config.snapshot().revision });
  return {
    'skills.get': get,
    'skills.save': async ({ skills, baseRevision }) => {
      config.assertBaseRevision(baseRevision);
      await config.edit((document, current) => mergeIntoDocument(document, ['skills'], current.skills, skills));
      return get();
    },
  };
}
