import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/backoffice';

/** What a confirmation asks: its question, what will happen (amounts, who, what moves), and the word of its button. */
export type ConfirmRequest = { title: string; lines: readonly string[]; confirmLabel: string; run: () => void };

/**
 * The question before an action that moves money or decides a borrower (docs/decisions/235): a
 * modal dialog saying what will happen; Cancel, Escape or closing it leaves everything as it was,
 * and only the confirm button runs the action. Cancel has the focus, so Enter alone never confirms.
 */
function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) element.showModal();
    if (!request && element.open) element.close();
  }, [request]);
  return (
    <dialog ref={dialog} className="bo-confirm" aria-labelledby="bo-confirm-title" aria-describedby="bo-confirm-lines" onClose={onClose} data-confirm="">
      {request ? (
        <>
          <h2 id="bo-confirm-title">{request.title}</h2>
          <ul id="bo-confirm-lines">
            {request.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="bo-actions">
            <button
              type="button"
              className="bo-primary"
              onClick={() => {
                onClose();
                request.run();
              }}
            >
              {request.confirmLabel}
            </button>
            <button type="button" onClick={onClose} autoFocus>
              {t('bo.confirm.cancel')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}

/** A screen's confirmations: `ask` opens the question, `dialog` is placed once on the screen. */
export function useConfirmation(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  return { ask: setRequest, dialog: <ConfirmDialog request={request} onClose={close} /> };
}
