import type { ConfigProblem } from '../../../../shared/contract';

export function ProblemList({ problems }: { problems: ConfigProblem[] }) {
  if (problems.length === 0) return <p data-testid="no-problems">No problems.</p>;
  return (
    <ul className="problems" data-testid="problems">
      {problems.map((problem, index) => (
        <li key={index}>
          <code>{problem.path || '(file)'}</code>
          {problem.line ? ` line ${problem.line}` : ''}: {problem.message}
        </li>
      ))}
    </ul>
  );
}
