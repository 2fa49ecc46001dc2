import { runningTextParts } from './running-text';

/**
 * A sentence whose dates, amounts and numbers never break across lines: each is kept whole in a
 * no-break span, and the words around them wrap as usual (docs/decisions/234).
 */
export function RunningText({ text }: { text: string }) {
  return (
    <>
      {runningTextParts(text).map((part, index) =>
        part.whole ? (
          <span key={index} className="whole">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
