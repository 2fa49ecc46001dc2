import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { usePageTitle, useT } from '../../lib/i18n/hash';
import { usePageParams } from '../../lib/page-params';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/toast/ToastProvider';
import { borrowDetailHref, readCardOrder, type CardOrder } from './card-links';
import { CardForm, type CardDetails } from './components/CardForm';
import './card-repayment.css';

/** `#/addnormalcard`: a new card, tokenised by the provider in the browser, then back to pay with it. */
export function AddCardScreen() {
  const t = useT();
  usePageTitle('card.add.title');
  const { search } = useLocation();
  const order = useMemo(() => readCardOrder(new URLSearchParams(search)), [search]);
  return (
    <Screen title={t('card.add.title')}>
      {order ? (
        <AddCard order={order} />
      ) : (
        <p className="card notice--error" role="alert">
          {t('notFound.body')}
        </p>
      )}
    </Screen>
  );
}

let savingCalls: Promise<typeof import('./api/card-saving')> | undefined;
const loadSavingCalls = () => (savingCalls ??= import('./api/card-saving'));

function AddCard({ order }: { order: CardOrder }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const page = usePageParams();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  /** card-form -> the provider's tokenisation -> bind-card; the number goes to the provider only. */
  const save = async (card: CardDetails): Promise<boolean> => {
    if (savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    const loading = toast.loading(t('card.add.saving'));
    try {
      const { bindCard, getCardForm, tokenizeWithProvider } = await loadSavingCalls();
      const form = await getCardForm();
      if (!form.ok) return refuse(form.message);
      const tokenized = await tokenizeWithProvider(form.data, {
        number: card.number,
        expMonth: card.expiry.month,
        expYear: card.expiry.year,
        holderName: card.holderName,
      });
      // The provider's refusal is in English: the borrower reads ours.
      if (!tokenized.ok) return refuse('');
      const bound = await bindCard(tokenized.card.token);
      if (!bound.ok) return refuse(bound.message);
      navigate(borrowDetailHref(page, { ...order, cardId: bound.data.id }));
      return true;
    } catch {
      toast.show(t('errors.network'));
      return false;
    } finally {
      loading.hide();
      savingRef.current = false;
      setSaving(false);
    }
  };

  const refuse = (message: string) => {
    toast.show(message || t('card.add.rejected'));
    return false;
  };

  return (
    <>
      <p className="card card-form__intro">{t('card.add.intro')}</p>
      {/* The calls download while the borrower types the card. */}
      <CardForm saving={saving} onSubmit={save} onStart={() => void loadSavingCalls().catch(() => (savingCalls = undefined))}>
        <Link className="button button--ghost" to={borrowDetailHref(page, order)}>
          {t('card.add.back')}
        </Link>
      </CardForm>
    </>
  );
}
