import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router';
import { HashRoute, isValidPhone, Limits, PromotionCode, type PromoLanding } from '@lend/contracts';
import { useT, type MessageKey } from '../../../lib/i18n/hash';
import { useCountdown } from '../../../ui/countdown';
import { useToast } from '../../../ui/toast/ToastProvider';
import { reportConversion } from '../ad-conversion';
import { captchaUrl } from '../api/captcha-url';
import { getSid } from '../api/get-sid';
import { isOk, type PromotionReply } from '../api/promotion-client';
import { register } from '../api/register';
import { requestSms } from '../api/request-sms';
import { getTextChallenge } from '../api/text-challenge';
import { trackClick } from '../api/track';
import type { ClientType, LandingParams, LandingVariant } from '../landing-params';

import { AgreementNote } from './AgreementNote';
import { CaptchaField } from './CaptchaField';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

type Props = {
  landing: PromoLanding;
  initialSid: string;
  params: LandingParams;
  query: URLSearchParams;
  clientType: ClientType;
  variant: LandingVariant;
};

export type DownloadStatus = 'registered' | 'existing';

/** Phone, image captcha and SMS code, then Register: the whole promotion flow (docs/decisions/053, 057). */
export function LandingForm({ landing, initialSid, params, query, clientType, variant }: Props) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const [sid, setSid] = useState(initialSid);
  const [stamp, setStamp] = useState(() => Date.now());
  const [captchaFailed, setCaptchaFailed] = useState(false);
  // The text challenge's question while the visitor uses it instead of the image.
  const [question, setQuestion] = useState<string | null>(null);
  // The server spent the shown captcha on the last SMS: registering may still use it, a resend may not.
  const [captchaSpent, setCaptchaSpent] = useState(false);
  const [phone, setPhone] = useState('');
  const [capcode, setCapcode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [busy, setBusy] = useState<'sms' | 'register' | null>(null);
  const countdown = useCountdown(Limits.smsCountdownSeconds);
  const phoneOk = isValidPhone(phone, landing.market);

  const askQuestion = async (forSid: string) => {
    try {
      const reply = await getTextChallenge(forSid);
      if (isOk(reply) && reply.data) setQuestion(reply.data.question);
      else toast.show(reply.message);
    } catch {
      toast.show(t('errors.network'));
    }
  };

  /** A new challenge of the kind the visitor uses: a new image, or a new question. */
  const newCaptcha = (asText = question !== null, forSid = sid) => {
    setCapcode('');
    setCaptchaSpent(false);
    setCaptchaFailed(false);
    // Each challenge replaces the last on the server: a new image now would race the question.
    if (asText) return void askQuestion(forSid);
    setQuestion(null);
    setStamp(Date.now());
  };

  const newVisitor = async () => {
    let next = sid;
    try {
      const reply = await getSid(String(landing.id));
      if (isOk(reply) && reply.data) {
        next = reply.data.sid;
        setSid(next);
      } else toast.show(reply.message);
    } catch {
      toast.show(t('errors.network'));
    }
    newCaptcha(question !== null, next);
  };

  const onCaptchaTap = () => {
    if (captchaFailed) return void newVisitor();
    if (!phoneOk) return void toast.show(t('promo.captchaNeedsPhone'));
    newCaptcha();
  };

  const goToDownload = (status: DownloadStatus) => {
    const next = new URLSearchParams(query);
    next.set('status', status);
    navigate(`${HashRoute.promotionDownload}?${next}`);
  };

  /** What every refusal shares: the server's message, and a fresh captcha when the server spent it. */
  const refused = (reply: PromotionReply, captchaKept: boolean) => {
    toast.show(reply.message);
    if (reply.code === PromotionCode.SidExpired) return void newVisitor();
    if (!captchaKept) newCaptcha();
  };

  /** The client-side checks (the market's phone rule, captcha, SMS code), in the order the visitor fills the form. */
  const missing = (needSmsCode: boolean): MessageKey | null => {
    if (!phoneOk) return 'promo.phoneInvalid';
    if (capcode === '') return question === null ? 'promo.captchaRequired' : 'promo.captchaTextRequired';
    if (needSmsCode && smsCode === '') return 'promo.smsCodeRequired';
    return null;
  };

  const onSend = async () => {
    if (busy || countdown.running) return void toast.show(t('promo.smsWait'));
    if (captchaSpent) {
      newCaptcha();
      return void toast.show(t(question === null ? 'promo.captchaRequired' : 'promo.captchaTextRequired'));
    }
    const problem = missing(false);
    if (problem) return void toast.show(t(problem));
    setBusy('sms');
    try {
      const reply = await requestSms({ phone, capcode, sid }, params);
      if (isOk(reply)) {
        toast.show(t('promo.smsSent'));
        setCaptchaSpent(true);
        countdown.restart();
      } else if (reply.code === PromotionCode.AlreadyRegistered) {
        toast.show(reply.message);
        goToDownload('existing');
      } else {
        // A refused phone or request leaves the captcha unspent; every other refusal spent it.
        refused(reply, reply.code === PromotionCode.InvalidPhone || reply.code === PromotionCode.InvalidRequest);
      }
    } catch {
      toast.show(t('errors.network'));
    } finally {
      setBusy(null);
    }
  };

  const onRegister = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = missing(true);
    if (problem) return void toast.show(t(problem));
    trackClick(params, clientType, phone);
    setBusy('register');
    try {
      const reply = await register({ phone, capcode, sid, smsCode }, params);
      if (isOk(reply)) {
        toast.show(t('promo.registered'));
        reportConversion(landing.trackingCode, landing.id);
        goToDownload('registered');
      } else if (reply.code === PromotionCode.AlreadyRegistered) {
        toast.show(reply.message);
        goToDownload('existing');
      } else {
        refused(reply, reply.code !== PromotionCode.RegisterCaptchaWrong);
      }
    } catch {
      toast.show(t('errors.network'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="promo__form" onSubmit={onRegister} noValidate aria-labelledby="promo-form-title">
      <h2 id="promo-form-title" className="promo__form-title">
        {t('promo.formTitle')}
      </h2>
      <PhoneField market={landing.market} value={phone} onChange={setPhone} />
      <CaptchaField
        src={captchaUrl(sid, stamp)}
        failed={captchaFailed}
        question={question}
        value={capcode}
        onChange={setCapcode}
        onRefresh={onCaptchaTap}
        onImageError={() => setCaptchaFailed(true)}
        onSwitch={() => newCaptcha(question === null)}
      />
      <SmsCodeField value={smsCode} onChange={setSmsCode} onSend={() => void onSend()} sending={busy === 'sms'} secondsLeft={countdown.running ? countdown.left : 0} />
      <button type="submit" className="button promo__submit" disabled={busy === 'register'}>
        {busy === 'register' ? t('promo.registering') : t('promo.register')}
      </button>
      {variant === 'agreement' && <AgreementNote termsUrl={landing.termsUrl} languageFlag={query.get('language')} />}
    </form>
  );
}
