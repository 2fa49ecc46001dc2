import type { RepayInstruction } from '@lend/contracts';
import type { MouseEvent } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { nativeBridge } from '../../../lib/native-bridge';

/** Inside the app the host opens the page; a browser opens it in a new tab and keeps this one. */
function openInHost(event: MouseEvent<HTMLAnchorElement>, url: string): void {
  if (nativeBridge.transport() === 'web') return;
  event.preventDefault();
  nativeBridge.openPage(url);
}

/** Where to pay: the link to what each place charges, and the places' images. */
export function FeesSection({ imgList }: { imgList: RepayInstruction['imgList'] }) {
  const t = useT();
  const { link } = imgList;
  return (
    <section className="card instruction-fees" aria-labelledby="instruction-fees-title">
      <h2 id="instruction-fees-title">{imgList.title}</h2>
      {link && imgList.eMail && (
        <a href={link} target="_blank" rel="noopener noreferrer" onClick={(event) => openInHost(event, link)} data-testid="instruction-fees-link">
          {imgList.eMail}
          <span className="visually-hidden"> {t('instruction.newTab')}</span>
        </a>
      )}
      {imgList.content.length > 0 && (
        <ul className="instruction-fees__images">
          {imgList.content.map((src, index) => (
            <li key={src}>
              <img src={src} alt={t('instruction.placeImage', { n: index + 1 })} width={64} height={64} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
