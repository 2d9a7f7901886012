import type { SecretStore } from '../../src/main/core/secrets';

/** A SecretStore that can store, kept in a Map: what a keychain does, without one. */
export function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    storage: 'keychain',
    canStore: true,
    get: (name) => values.get(name),
    problem: () => undefined,
    set: async (name, value) => void values.set(name, value),
  };
}
