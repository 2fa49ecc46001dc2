import { Limits } from '@lend/contracts';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/http/errors';
import { useT } from '../../../lib/i18n/borrower';
import { FieldProblem } from '../../../ui/FieldProblem';
import { useToast } from '../../../ui/toast/ToastProvider';
import { ImageGrid } from './ImageGrid';

type ImageUploaderProps = {
  urls: readonly string[];
  onAdd: (url: string) => void;
  onRemove: (index: number) => void;
  /** Told whether uploads are still on their way, so the form can wait for them. */
  onBusy: (busy: boolean) => void;
};

/**
 * Up to 9 images (docs/decisions/022): each picked file is uploaded at once and its address appended;
 * files beyond the ninth are not taken, and the picker disappears when the list is full.
 */
/** Loaded with the first image: the call validates with zod, which the screen's first paint does without (decision 100). */
const uploadCall = () => import('../api/upload-complaint-image');

export function ImageUploader({ urls, onAdd, onRemove, onBusy }: ImageUploaderProps) {
  const t = useT();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const [pending, setPending] = useState(0);
  // A file not taken (too many, refused, lost on the way) is said under the images, not in a toast.
  const [problem, setProblem] = useState<string | null>(null);
  const max = Limits.complaintImagesMax;
  const room = max - urls.length - pending;

  useEffect(() => onBusy(pending > 0), [pending, onBusy]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setProblem(files.length > room ? t('complaints.next.tooManyImages', { max }) : null);
    const accepted = files.slice(0, Math.max(room, 0));
    if (accepted.length === 0) return;
    setPending((n) => n + accepted.length);
    for (const file of accepted) {
      try {
        const { uploadComplaintImage } = await uploadCall();
        const { url } = await uploadComplaintImage(file, file.name);
        onAdd(url);
        toast.show(t('complaints.next.uploaded'));
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : t('errors.network'));
      } finally {
        setPending((n) => n - 1);
      }
    }
  };

  return (
    <div className="complaint-field">
      <span className="complaint-field__label">{t('complaints.next.images', { max })}</span>
      <p id={hintId} className="complaint-hint">
        {t('complaints.next.imagesHint')}
      </p>
      <ImageGrid
        urls={urls}
        pending={pending}
        label={(n) => t('complaints.next.image', { n })}
        removeLabel={(n) => t('complaints.next.removeImage', { n })}
        onRemove={onRemove}
      />
      {room > 0 && (
        <>
          <input
            id={inputId}
            className="visually-hidden complaint-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            onChange={(event) => void onFiles(event)}
          />
          <label htmlFor={inputId} className="button button--ghost complaint-add-image">
            {pending > 0 ? t('complaints.next.uploading') : t('complaints.next.addImage')}
          </label>
        </>
      )}
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}
