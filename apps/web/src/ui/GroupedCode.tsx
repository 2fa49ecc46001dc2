import type { ClipboardEvent } from 'react';
import { copiedCode, groupedCode } from './grouped-code';

/**
 * A reference, CLABE or account number shown in groups of four for reading, on one line
 * (docs/decisions/234). It carries the code itself in `data-code`; copying it, by its copy button
 * (which copies `value`) or by selecting it, gives the digits without the spaces.
 */
export function GroupedCode({ value, className, testId }: { value: string; className?: string | undefined; testId: string }) {
  const onCopy = (event: ClipboardEvent<HTMLSpanElement>) => {
    const selected = window.getSelection()?.toString() ?? '';
    if (selected === '') return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', copiedCode(selected));
  };
  return (
    <span className={className ? `${className} grouped-code` : 'grouped-code'} data-testid={testId} data-code={value} onCopy={onCopy}>
      {groupedCode(value)}
    </span>
  );
}
