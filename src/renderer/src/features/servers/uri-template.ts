import { UriTemplate } from '@modelcontextprotocol/server';
import { errorText } from '../../../../shared/error-text';

/**
 * A resource template's variables and its expansion (RFC 6570), with the SDK's UriTemplate: the same code SDK servers
 * match a read against, so what the form builds is what they expect. Level 1 (`{var}`) is what servers use; the
 * operators of levels 2-4 (`{+path}`, `{?q}`) expand too.
 */
export type ParsedTemplate =
  { ok: true; variables: string[]; expand: (values: Record<string, string>) => string } | { ok: false; error: string };

export function parseTemplate(uriTemplate: string): ParsedTemplate {
  try {
    const template = new UriTemplate(uriTemplate);
    const variables = [...new Set(template.variableNames)];
    // An empty field leaves its expression out (RFC 6570: an undefined variable expands to nothing).
    const expand = (values: Record<string, string>) =>
      template.expand(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
    return { ok: true, variables, expand };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}
