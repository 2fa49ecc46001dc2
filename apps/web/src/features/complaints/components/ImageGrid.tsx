import { usePageParams } from '../../../lib/page-params';
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

/** Complaint images three to a row, each opening full size in its own tab. */
export function ImageGrid({ urls, label, removeLabel, onRemove, pending = 0 }: ImageGridProps) {
  const params = usePageParams();
  if (urls.length === 0 && pending === 0) return null;
  return (
    <ul className="complaint-images">
      {urls.map((url, index) => (
        <li key={url} className="complaint-images__item">
          <a href={imageSrc(url, params)} target="_blank" rel="noreferrer">
            <img src={imageSrc(url, params)} alt={label(index + 1)} loading="lazy" />
          </a>
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
  );
}
