import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { CardFormData, ProviderCardForm, TokenizeCardForm } from '@lend/contracts';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/hash';
import { usePageParams } from '../../lib/page-params';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/toast/ToastProvider';
import type { StripeElement, StripeElements, StripeJs } from './api/stripe-js';
import { borrowDetailHref, readCardOrder, type CardOrder } from './card-links';
import { CardForm, type CardDetails } from './components/CardForm';
import './card-repayment.css';

/** `#/addnormalcard`: a new card, given to the provider in the browser, then back to pay with it. */
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
const loadSavingCalls = () => (savingCalls ??= import('./api/card-saving').catch((error: unknown) => {
  savingCalls = undefined;
  throw error;
}));

type FormState = { state: 'loading' } | { state: 'refused'; message: string } | { state: 'offline' } | { state: 'ready'; form: CardFormData };

/** A provider's card, as a token to bind, or the borrower's refusal message ('' for ours). */
type Tokenised = { token: string } | { refused: string };

/**
 * The card form first (how this borrower's provider takes a card), then the provider's own fields
 * (Stripe's Payment Element, docs/decisions/218) or, for the sandbox, ours.
 */
function AddCard({ order }: { order: CardOrder }) {
  const t = useT();
  const [form, setForm] = useState<FormState>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    loadSavingCalls()
      .then(({ getCardForm }) => getCardForm())
      .then(
        (reply) => live && setForm(reply.ok ? { state: 'ready', form: reply.data } : { state: 'refused', message: reply.message }),
        () => live && setForm({ state: 'offline' }),
      );
    return () => {
      live = false;
    };
  }, []);

  if (form.state === 'ready') {
    return form.form.entry === 'payment-element' ? <ProviderCardFields form={form.form} order={order} /> : <TokenizedCardFields form={form.form} order={order} />;
  }
  return (
    <>
      <p className="card card-form__intro">{t('card.add.intro')}</p>
      {form.state === 'loading' ? (
        <p className="card" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <p className="card notice--error" role="alert">
          {form.state === 'refused' ? form.message || t('card.add.rejected') : t('errors.network')}
        </p>
      )}
      <BackLink order={order} />
    </>
  );
}

function BackLink({ order }: { order: CardOrder }) {
  const t = useT();
  const page = usePageParams();
  return (
    <Link className="button button--ghost" to={borrowDetailHref(page, order)}>
      {t('card.add.back')}
    </Link>
  );
}

/** provider token -> bind-card -> back to pay with the new card; one at a time. */
function useCardSaving(order: CardOrder) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const page = usePageParams();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const refuse = (message: string) => {
    toast.show(message || t('card.add.rejected'));
    return false;
  };

  const save = async (tokenise: () => Promise<Tokenised>): Promise<boolean> => {
    if (savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    const loading = toast.loading(t('card.add.saving'));
    try {
      const tokenised = await tokenise();
      if ('refused' in tokenised) return refuse(tokenised.refused);
      const { bindCard } = await loadSavingCalls();
      const bound = await bindCard(tokenised.token);
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
  return { saving, save };
}

/**
 * Stripe's card fields, in Stripe's frame, for the SetupIntent our server made: Stripe.js confirms
 * it and only its id comes back to our page, so no card number is ever in it.
 */
function ProviderCardFields({ form, order }: { form: ProviderCardForm; order: CardOrder }) {
  const t = useT();
  const language = useLanguage();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const { saving, save } = useCardSaving(order);

  useEffect(() => {
    let live = true;
    let element: StripeElement | undefined;
    loadSavingCalls()
      .then(({ loadStripeJs }) => loadStripeJs(form.scriptUrl))
      .then((Stripe) => {
        if (!live || !host.current) return;
        const js = Stripe(form.publishableKey);
        const elements = js.elements({ clientSecret: form.clientSecret, locale: language });
        element = elements.create('payment');
        element.on('ready', () => live && setReady(true));
        element.mount(host.current);
        stripe.current = { js, elements };
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      element?.destroy();
      stripe.current = null;
    };
  }, [form, language]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mounted = stripe.current;
    if (!mounted || saving) return;
    void save(async () => {
      const { confirmCardSetup } = await loadSavingCalls();
      const setupIntent = await confirmCardSetup(mounted.js, mounted.elements);
      // Stripe's own fields say what was wrong with the card; our message says it was not saved.
      return setupIntent ? { token: setupIntent } : { refused: '' };
    });
  };

  return (
    <>
      <p className="card card-form__intro">{t('card.add.intro')}</p>
      <form className="card card-form" onSubmit={submit} noValidate>
        <div ref={host} className="card-form__provider" data-testid="card-provider-fields" aria-busy={!ready} />
        {failed && (
          <p className="card-field__error" role="alert">
            {t('errors.network')}
          </p>
        )}
        <button type="submit" className="button" disabled={saving || !ready}>
          {t('card.add.save')}
        </button>
        <BackLink order={order} />
      </form>
    </>
  );
}

/** Our own fields, posting the card to the sandbox's tokenisation address (docs/decisions/081). */
function TokenizedCardFields({ form, order }: { form: TokenizeCardForm; order: CardOrder }) {
  const t = useT();
  const { saving, save } = useCardSaving(order);

  const saveCard = (card: CardDetails): Promise<boolean> =>
    save(async () => {
      const { tokenizeWithProvider } = await loadSavingCalls();
      const tokenized = await tokenizeWithProvider(form, { number: card.number, expMonth: card.expiry.month, expYear: card.expiry.year, holderName: card.holderName });
      // The provider's refusal is in English: the borrower reads ours.
      return tokenized.ok ? { token: tokenized.card.token } : { refused: '' };
    });

  return (
    <>
      <p className="card card-form__intro">{t('card.add.intro')}</p>
      <CardForm saving={saving} onSubmit={saveCard}>
        <BackLink order={order} />
      </CardForm>
    </>
  );
}
