import type { CaseResult } from '../../shared/contract';

/**
 * JUnit XML for CI: one testsuite, one testcase per case (classname "cases.yaml" or "examples.<node id>"),
 * a <failure> per failed case listing the expectations that failed. Written by hand because it is five
 * elements and an escaper; a dependency would be larger than the code.
 */
export function junitXml(results: readonly CaseResult[], suite = 'switchboard'): string {
  const failures = results.filter((r) => !r.passed).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, r) => sum + r.durationMs, 0);
  const cases = results.map((r) => {
    const classname = r.id.startsWith('example:') ? `examples.${r.id.split(':')[1]}` : 'cases';
    const open = `  <testcase classname="${escape(classname)}" name="${escape(r.name)}" time="${seconds(r.durationMs)}"`;
    if (r.passed) return `${open}/>`;
    const message = r.failed[0] ?? 'failed';
    return `${open}>\n    <failure message="${escape(message)}" type="expectation">${escape(r.failed.join('\n'))}</failure>\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(suite)}" tests="${results.length}" failures="${failures}" time="${seconds(total)}">`,
    `<testsuite name="${escape(suite)}" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(total)}">`,
    ...cases,
    '</testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Text and attribute safe; characters XML 1.0 forbids are dropped. */
function escape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
