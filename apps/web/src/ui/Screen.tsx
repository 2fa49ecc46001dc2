import type { ReactNode } from 'react';

/** A borrower screen: the brand bar with the page heading, then the content. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="screen">
      <header className="screen__bar">
        <h1 className="screen__title">{title}</h1>
      </header>
      <main className="screen__body">{children}</main>
    </div>
  );
}
