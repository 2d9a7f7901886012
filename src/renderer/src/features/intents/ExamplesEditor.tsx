import { useId, useState } from 'react';

/** Example utterances for a node: a list with remove buttons and an input to add one (Enter adds). */
export function ExamplesEditor({ examples, onChange }: { examples: readonly string[]; onChange: (next: string[]) => void }) {
  const [text, setText] = useState('');
  const inputId = useId();
  const add = () => {
    const value = text.trim();
    if (!value) return;
    onChange([...examples, value]);
    setText('');
  };
  return (
    <fieldset className="examples-editor">
      <legend>Example utterances</legend>
      {examples.length === 0 ? (
        <p className="state-empty small">No examples yet.</p>
      ) : (
        <ul className="examples" aria-label="Examples">
          {examples.map((example, index) => (
            <li key={`${index}:${example}`}>
              <span>{example}</span>
              <button type="button" className="btn btn-small" aria-label={`Remove example: ${example}`} onClick={() => onChange(examples.filter((_, i) => i !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-add">
        <label htmlFor={inputId} className="visually-hidden">
          New example
        </label>
        <input
          id={inputId}
          value={text}
          placeholder="e.g. 我的快递到哪了"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn" onClick={add} disabled={!text.trim()}>
          Add example
        </button>
      </div>
    </fieldset>
  );
}
