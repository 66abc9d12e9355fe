/** A labelled textarea that keeps at most `max` characters and shows `length/max` under it (share message, survey note). */
import { useId } from 'react';

interface CountedTextAreaProps {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  rows?: number;
}

export function CountedTextArea({ label, value, max, onChange, rows = 4 }: CountedTextAreaProps) {
  const ids = { input: useId(), counter: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <textarea
        id={ids.input}
        className="textarea"
        rows={rows}
        maxLength={max}
        value={value}
        aria-describedby={ids.counter}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
      />
      <p id={ids.counter} className="counter">{value.length}/{max}</p>
    </div>
  );
}
