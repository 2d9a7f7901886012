import { errorMessage } from '../lib/format';

interface Props {
  /** The action (a mutation) whose failure is told. */
  action: { isError: boolean; error: unknown };
  /** The page's sentence around the reason ("Not sent: …"); the bare reason without it. */
  say?: (reason: string) => string;
  /** A span, for a failure told inside a row of buttons; a paragraph otherwise. */
  inline?: boolean;
  testId?: string;
}

/** Why an operator's action failed, announced (role="alert"); nothing while it has not failed. */
export function ActionFailure({ action, say, inline = false, testId }: Props) {
  if (!action.isError) return null;
  const reason = errorMessage(action.error);
  const Element = inline ? 'span' : 'p';
  return (
    <Element role="alert" className="field-error" data-testid={testId}>
      {say ? say(reason) : reason}
    </Element>
  );
}
