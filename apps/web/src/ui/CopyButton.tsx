import { copyText } from '../lib/clipboard';
import { useT } from '../lib/i18n';
import { useToast } from './toast/ToastProvider';

type CopyButtonProps = {
  text: string;
  /** Accessible name, e.g. "Copy reference code"; the visible label stays short. */
  label?: string;
  className?: string;
};

export function CopyButton({ text, label, className = 'button button--small' }: CopyButtonProps) {
  const t = useT();
  const toast = useToast();
  const copy = async () => {
    const copied = await copyText(text);
    toast.show(t(copied ? 'common.copied' : 'common.copyFailed'));
  };
  return (
    <button type="button" className={className} aria-label={label} onClick={() => void copy()}>
      {t('common.copy')}
    </button>
  );
}
