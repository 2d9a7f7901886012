import { LineCounter, parseDocument } from 'yaml';

/** Every kind of node the config uses: block and flow maps and sequences, plain, quoted and block scalars, a comment. */
export const YAML_WARM_UP = `# warm-up
agent:
  name: "a"
  list:
    - b
    - { c: 'd', e: 1, f: true }
  text: |
    g
h: [i, 2]
`;

/**
 * yaml's lexer, parser and composer are compiled as they first run, which would make the first config parsed at
 * start-up one long block. A small document parsed first, on a turn of its own, splits that compiling off.
 */
export function warmUpYaml(): void {
  parseDocument(YAML_WARM_UP, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true }).toJS();
}
