import type { ConfigSnapshot } from '../../../../shared/contract';
import { createDraftStore, type Saved } from '../../lib/drafts/draft-store';

/** The operator's unsaved YAML, its base and its last save (the shared draft machinery): survives a trip elsewhere. */
export const useConfigDraftStore = createDraftStore<string>();

export const savedValueOf = (snapshot: ConfigSnapshot): Saved<string> => ({
  value: snapshot.raw,
  revision: snapshot.revision,
});
