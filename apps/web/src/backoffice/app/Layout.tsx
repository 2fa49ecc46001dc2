import type { ReactNode } from 'react';
import type { Language, StaffMe } from '@lend/contracts';
import { useT } from '../../lib/i18n/backoffice';
import { LanguageSwitch } from './LanguageSwitch';
import { sectionOf, sectionsFor } from './sections';

/** The frame of every signed-in screen: who is signed in, the language, sign-out, and the role's sections. */
export function Layout({
  me,
  path,
  onLanguage,
  onSignOut,
  children,
}: {
  me: StaffMe;
  path: string;
  onLanguage: (language: Language) => void;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const current = sectionOf(path);
  return (
    <div className="bo-frame">
      <a className="bo-skip" href="#content" onClick={(event) => {
        event.preventDefault();
        document.getElementById('content')?.focus();
      }}>
        {t('bo.skipToContent')}
      </a>
      <header className="bo-header">
        <p className="bo-brand">{t('bo.title')}</p>
        <p className="bo-who">{t('bo.signedInAs', { name: me.name, role: t(`bo.role.${me.role}`) })}</p>
        <LanguageSwitch onLanguage={onLanguage} />
        <button type="button" className="bo-sign-out" onClick={onSignOut}>
          {t('bo.signOut')}
        </button>
      </header>
      <nav className="bo-nav" aria-label={t('bo.nav.label')}>
        <ul>
          {sectionsFor(me.role).map((section) => (
            <li key={section.path}>
              <a href={`#${section.path}`} aria-current={current?.path === section.path ? 'page' : undefined}>
                {t(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="bo-main" id="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
