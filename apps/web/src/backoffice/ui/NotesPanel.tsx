import { useEffect, useId, useState, type FormEvent } from 'react';
import { Limits, OperatorRoutes, type StaffNote, type StaffNoteList } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { useT } from '../../lib/i18n/backoffice';
import { useBackoffice } from '../lib/backoffice-context';
import { formatInstant } from '../lib/format';
import type { OperatorApi } from '../lib/operator-api';
import { ErrorLine, Notice, useFailureText } from './FormParts';

/** What staff write notes on, and which one: a borrower's user id, an order's number, a complaint's problem id (docs/decisions/236). */
export type NoteSubjectKind = 'borrower' | 'order' | 'complaint';

function readNotes(api: OperatorApi, kind: NoteSubjectKind, id: string): Promise<StaffNoteList> {
  switch (kind) {
    case 'borrower':
      return api.call(OperatorRoutes.borrowerNotes, { params: { userId: id } });
    case 'order':
      return api.call(OperatorRoutes.orderNotes, { params: { orderNo: id } });
    case 'complaint':
      return api.call(OperatorRoutes.complaintNotes, { params: { problemId: id } });
  }
}

function addNote(api: OperatorApi, kind: NoteSubjectKind, id: string, text: string): Promise<StaffNoteList> {
  const body = { text };
  switch (kind) {
    case 'borrower':
      return api.call(OperatorRoutes.borrowerNoteAdd, { params: { userId: id }, body });
    case 'order':
      return api.call(OperatorRoutes.orderNoteAdd, { params: { orderNo: id }, body });
    case 'complaint':
      return api.call(OperatorRoutes.complaintNoteAdd, { params: { problemId: id }, body });
  }
}

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; notes: readonly StaffNote[] };

/**
 * The staff's notes on a borrower, an order or a complaint (docs/decisions/236): each with its
 * author and time in the subject's market zone, its line breaks kept, newest first; and a new
 * note, counted against the limit, added once and never changed. The list shown after adding is
 * the server's answer.
 */
export function NotesPanel({ kind, subjectId, market }: { kind: NoteSubjectKind; subjectId: string; market: Market }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    readNotes(api, kind, subjectId).then(
      (list) => current && setLoaded({ kind: 'found', notes: list.items }),
      (failure: unknown) => current && setLoaded({ kind: 'failed', message: failureText(failure) }),
    );
    return () => {
      current = false;
    };
  }, [api, kind, subjectId, failureText]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    setNotice(null);
    addNote(api, kind, subjectId, text)
      .then(
        (list) => {
          setLoaded({ kind: 'found', notes: list.items });
          setText('');
          setNotice(t('bo.notes.added'));
        },
        (failure: unknown) => setError(failureText(failure)),
      )
      .finally(() => setSending(false));
  };

  const length = Array.from(text).length;
  const over = length > Limits.staffNoteMax;
  return (
    <section className="bo-notes" aria-labelledby={`${ids}-heading`} data-notes={kind}>
      <h2 id={`${ids}-heading`}>{t('bo.notes.title')}</h2>
      {loaded.kind === 'found' ? (
        loaded.notes.length === 0 ? (
          <p className="bo-muted">{t('bo.notes.none')}</p>
        ) : (
          <ol className="bo-notes__list" aria-label={t('bo.notes.list')}>
            {loaded.notes.map((note) => (
              <li key={note.id} data-note={note.id}>
                <p className="bo-notes__meta">
                  <span className="bo-notes__author">{note.authorEmail}</span> <time dateTime={note.writtenAt}>{formatInstant(note.writtenAt, language, market)}</time>
                </p>
                <p className="bo-notes__text">{note.text}</p>
              </li>
            ))}
          </ol>
        )
      ) : (
        <p role={loaded.kind === 'loading' ? 'status' : 'alert'}>{loaded.kind === 'loading' ? t('bo.notes.loading') : loaded.message}</p>
      )}
      <form className="bo-reply-form" onSubmit={submit}>
        <ErrorLine message={error} />
        <Notice text={notice} />
        <label>
          {t('bo.notes.text')}
          <textarea name="note" rows={4} value={text} aria-describedby={`${ids}-count ${ids}-kept`} onChange={(event) => setText(event.currentTarget.value)} />
        </label>
        <p id={`${ids}-count`} className={over ? 'bo-notes__count bo-notes__count--over' : 'bo-notes__count bo-muted'}>
          {t('bo.notes.count', { count: length, max: Limits.staffNoteMax })}
        </p>
        <p id={`${ids}-kept`} className="bo-muted">
          {t('bo.notes.kept')}
        </p>
        <button type="submit" className="bo-primary" disabled={sending || text.trim() === ''}>
          {t('bo.notes.add')}
        </button>
      </form>
    </section>
  );
}
