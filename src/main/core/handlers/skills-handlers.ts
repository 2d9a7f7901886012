import type { Handlers } from '../../rpc/router';
import type { ConfigStore } from '../config/config-store';
import { mergeIntoDocument } from '../config/yaml-merge';
import { assertBaseRevision } from './intents-handlers';

export function createSkillHandlers(config: ConfigStore): Pick<Handlers, 'skills.get' | 'skills.save'> {
  const get = () => ({ skills: config.current().skills, revision: config.snapshot().revision });
  return {
    'skills.get': get,
    'skills.save': async ({ skills, baseRevision }) => {
      assertBaseRevision(config, baseRevision);
      await config.edit((document, current) => mergeIntoDocument(document, ['skills'], current.skills, skills));
      return get();
    },
  };
}
