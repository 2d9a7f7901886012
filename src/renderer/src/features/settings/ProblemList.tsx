import type { ConfigProblem } from '../../../../shared/contract';

/** Validation problems with their place in the file; a line can be jumped to in the editor. */
export function ProblemList({ problems, onJump, testId = 'problems' }: { problems: ConfigProblem[]; onJump?: (line: number) => void; testId?: string }) {
  if (problems.length === 0) return <p data-testid="no-problems">No problems.</p>;
  return (
    <ul className="problems" data-testid={testId}>
      {problems.map((problem, index) => (
        <li key={index}>
          {problem.line !== undefined && (
            <>
              {onJump ? (
                <button type="button" className="link" onClick={() => onJump(problem.line!)}>
                  line {problem.line}
                  {problem.column !== undefined ? `:${problem.column}` : ''}
                </button>
              ) : (
                `line ${problem.line}`
              )}{' '}
            </>
          )}
          <code>{problem.path || '(file)'}</code>: {problem.message}
        </li>
      ))}
    </ul>
  );
}
