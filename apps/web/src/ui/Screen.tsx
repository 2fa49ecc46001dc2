import type { ReactNode } from 'react';

/**
 * A borrower screen: the brand bar with the page heading, then the content. `aside` is a control
 * that floats beside the content (the extension screen's customer-service icon): the screen keeps
 * a lane free for it down its right edge, so it never covers a word (docs/decisions/234).
 */
export function Screen({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className={aside ? 'screen screen--aside' : 'screen'}>
      <header className="screen__bar">
        <h1 className="screen__title">{title}</h1>
      </header>
      <main className="screen__body">{children}</main>
      {aside}
    </div>
  );
}
