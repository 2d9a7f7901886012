import { canonicalJson } from '../../../shared/canonical-json';
import { sha256 } from '../catalog/definition-hash';

/** sha256 over JSON with sorted keys, so the audit hash doesn't depend on key order. */
export function argumentsHash(value: unknown): string {
  return `sha256:${sha256(canonicalJson(value))}`;
}
