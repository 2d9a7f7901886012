import type { ConfigProblem } from '../../../../shared/contract';
import { useTranslation } from 'react-i18next';
import { shownText } from '../../lib/i18n/messages';

interface Props {
  problems: ConfigProblem[];
  onJump?: (line: number) => void;
  testId?: string;
}

/**
 * Validation problems with their place in the file; a line can be jumped to in the editor. A YAML cascade (errors
 * that follow from the first one, `followsFromLine`) is folded under the first error, which is where to look.
 */
export function ProblemList({ problems, onJump, testId = 'problems' }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  if (problems.length === 0) return <p data-testid="no-problems">{t('problemList.noProblems')}</p>;
  const cascade = problems.filter((p) => p.followsFromLine !== undefined);
  const listed = problems.filter((p) => p.followsFromLine === undefined);
  return (
    <div className="problem-list" data-testid={testId}>
      <ul className="problems">
        {listed.map((problem, index) => (
          <li
            key={index}
            className={index === 0 ? 'first-problem' : undefined}
            data-testid={index === 0 ? 'first-problem' : undefined}
          >
            <Problem problem={problem} onJump={onJump} />
          </li>
        ))}
      </ul>
      {cascade.length > 0 && (
        <details className="problem-cascade" data-testid="problem-cascade">
          <summary>
            {cascade.length === 1
              ? t('problemList.moreYamlErrorWhich', { followsFromLine: cascade[0].followsFromLine })
              : t('problemList.moreYamlErrorsWhich', {
                  more: cascade.length,
                  followsFromLine: cascade[0].followsFromLine,
                })}
          </summary>
          <ul className="problems">
            {cascade.map((problem, index) => (
              <li key={index}>
                <Problem problem={problem} onJump={onJump} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function Problem({ problem, onJump }: { problem: ConfigProblem; onJump?: (line: number) => void }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const where =
    problem.line !== undefined
      ? t('problemList.line', {
          line: problem.column !== undefined ? `${problem.line}:${problem.column}` : problem.line,
        })
      : undefined;
  return (
    <>
      {where !== undefined &&
        (onJump ? (
          <button type="button" className="link" onClick={() => onJump(problem.line!)}>
            {where}
          </button>
        ) : (
          where
        ))}{' '}
      <code>{problem.path || t('common:shared.file')}</code>: {shownText(i18n, problem.message, problem.uiMessage)}
    </>
  );
}
