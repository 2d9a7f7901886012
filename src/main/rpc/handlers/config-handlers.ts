import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type ConfigRoutes = 'config.get' | 'config.save' | 'intents.get' | 'intents.save' | 'skills.get' | 'skills.save';

/** The config file, the intent tree and the skills: each saved against the revision it was based on. */
export function createConfigHandlers({ documents }: AppServices): Pick<Handlers, ConfigRoutes> {
  return {
    'config.get': () => documents.view(),
    'config.save': ({ raw, baseRevision }) => documents.saveText(raw, baseRevision),
    'intents.get': () => documents.intents(),
    'intents.save': ({ intents, baseRevision }) => documents.saveIntents(intents, baseRevision),
    'skills.get': () => documents.skills(),
    'skills.save': ({ skills, baseRevision }) => documents.saveSkills(skills, baseRevision),
  };
}
