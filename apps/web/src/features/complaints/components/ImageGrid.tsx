import { useState } from 'react';
import { usePageParams } from '../../../lib/page-params';
import { Modal } from '../../../ui/Modal';
import { imageSrc } from '../complaint-links';

type ImageGridProps = {
  urls: readonly string[];
  /** Accessible name of image n (from 1). */
  label: (n: number) => string;
  /** When given, each image gets a remove button with this accessible name. */
  removeLabel?: (n: number) => string;
  onRemove?: (index: number) => void;
  /** Placeholders for uploads still on their way. */
  pending?: number;
};

/**
 * Complaint images three to a row. Tapping one shows it whole in a dialog, inside the app:
 * a new window would leave the web view and carry the session address with it.
 */
export function ImageGrid({ urls, label, removeLabel, onRemove, pending = 0 }: ImageGridProps) {
  const params = usePageParams();
  const [viewing, setViewing] = useState<number | null>(null);
  if (urls.length === 0 && pending === 0) return null;
  const viewed = viewing === null ? undefined : urls[viewing];
  return (
    <>
      <ul className="complaint-images">
        {urls.map((url, index) => (
          <li key={url} className="complaint-images__item">
            <button type="button" className="complaint-images__view" onClick={() => setViewing(index)}>
              <img src={imageSrc(url, params)} alt={label(index + 1)} loading="lazy" />
            </button>
            {onRemove && removeLabel && (
              <button type="button" className="complaint-images__remove" aria-label={removeLabel(index + 1)} onClick={() => onRemove(index)}>
                ×
              </button>
            )}
          </li>
        ))}
        {Array.from({ length: pending }, (_, index) => (
          <li key={`pending-${index}`} className="complaint-images__item complaint-images__item--pending">
            <span className="spinner" aria-hidden="true" />
          </li>
        ))}
      </ul>
      {viewing !== null && viewed !== undefined && (
        <Modal open title={label(viewing + 1)} onClose={() => setViewing(null)} closeOnMask>
          <img className="complaint-viewer" src={imageSrc(viewed, params)} alt={label(viewing + 1)} />
        </Modal>
      )}
    </>
  );
}
