import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Tapping the dimmed area around the box closes it (the barcode modals ask for this). */
  closeOnMask?: boolean;
  /** Shows a close button under the content. */
  closeButton?: boolean;
  children: ReactNode;
};

/** A native modal `<dialog>`: focus trapping, Escape and the backdrop come from the browser. */
export function Modal({ open, title, onClose, closeOnMask = false, closeButton = true, children }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click whose target is the dialog itself landed on the backdrop, outside the box.
    if (closeOnMask && event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onClick}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
      {closeButton && (
        <button type="button" className="button modal__close" onClick={onClose}>
          {t('common.close')}
        </button>
      )}
    </dialog>
  );
}
