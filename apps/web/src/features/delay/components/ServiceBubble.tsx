import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { clampTop, DRAG_THRESHOLD, keyedTop } from '../vertical-drag';

/** Its width and height; with its gap to the edge it fits the lane the screen keeps for it (`--aside-lane`). */
const SIZE = 44;
/** Starts low on the right, clear of the top card, where a thumb reaches it. */
const START_SHARE = 0.7;

type Drag = { pointerId: number; startY: number; startTop: number; moved: boolean };

/**
 * The customer-service link that floats beside the screen, in the lane the screen keeps free for it
 * down its right edge so it never covers a word (docs/decisions/234), and drags vertically (docs/decisions/077). Pointer events cover touch and
 * mouse; arrow keys, Home and End move it while it has focus. It always stays whole on screen.
 */
export function ServiceBubble({ href }: { href: string }) {
  const t = useT();
  const hintId = useId();
  // Null until the borrower moves it: the stylesheet places it at its start (the server renders
  // the page, with no window to measure), and its box says where it is.
  const [top, setTop] = useState<number | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const currentTop = () => top ?? link.current?.getBoundingClientRect().top ?? clampTop(window.innerHeight * START_SHARE, SIZE, window.innerHeight);
  const drag = useRef<Drag | null>(null);
  // A drag ends with a click on the link; that click must not navigate.
  const suppressClick = useRef(false);

  useEffect(() => {
    const keepOnScreen = () => setTop((current) => (current === null ? null : clampTop(current, SIZE, window.innerHeight)));
    window.addEventListener('resize', keepOnScreen);
    return () => window.removeEventListener('resize', keepOnScreen);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLAnchorElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startY: event.clientY, startTop: currentTop(), moved: false };
    suppressClick.current = false;
    // Held from the start, so a fast drag that leaves the icon at once still moves it.
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLAnchorElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = event.clientY - current.startY;
    if (!current.moved && Math.abs(distance) < DRAG_THRESHOLD) return;
    current.moved = true;
    setTop(clampTop(current.startTop + distance, SIZE, window.innerHeight));
  };

  const endDrag = (event: PointerEvent<HTMLAnchorElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    suppressClick.current = current.moved;
    drag.current = null;
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!suppressClick.current) return;
    event.preventDefault();
    suppressClick.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const next = keyedTop(event.key, currentTop(), SIZE, window.innerHeight);
    if (next === null) return;
    event.preventDefault();
    setTop(next);
  };

  return (
    <>
      <a
        className="service-bubble"
        href={href}
        ref={link}
        {...(top === null ? {} : { style: { top } })}
        aria-label={t('delay.service')}
        aria-describedby={hintId}
        data-testid="service-bubble"
        draggable={false}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h2v1h-5v2h5a2 2 0 0 0 2-2v-8a8 8 0 0 0-8-8z"
            fill="currentColor"
          />
        </svg>
      </a>
      <span id={hintId} className="visually-hidden">
        {t('delay.serviceMoveHint')}
      </span>
    </>
  );
}
