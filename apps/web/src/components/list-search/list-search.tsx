// A list's search box: the typed text (from useSearchInput) committed to the list at once on Enter or the
// button, trimmed; typing alone commits once it pauses.
import { Input } from 'antd';

export function ListSearch({
  className,
  label,
  placeholder,
  input,
  setInput,
  commit,
}: {
  className: string;
  label: string;
  placeholder: string;
  /** The typed text and its setter, from useSearchInput. */
  input: string;
  setInput: (text: string) => void;
  commit: (search: string) => void;
}) {
  return (
    <Input.Search
      allowClear
      className={className}
      aria-label={label}
      placeholder={placeholder}
      value={input}
      maxLength={100}
      onChange={(e) => setInput(e.target.value)}
      onSearch={(value) => {
        setInput(value);
        commit(value.trim());
      }}
    />
  );
}
