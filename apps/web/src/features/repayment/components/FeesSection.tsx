import { AppRoute, type RepayInstruction } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { pageHref } from '../../../lib/page-links';
import { usePageParams } from '../../../lib/page-params';
import { Link } from '../../../lib/router';

/** Where to pay: the link to the fee table of every place (built from the channels), and the places' images. */
export function FeesSection({ imgList, order }: { imgList: RepayInstruction['imgList']; order: { orderId: string; productId?: string | undefined } }) {
  const t = useT();
  const page = usePageParams();
  const feesHref = pageHref(AppRoute.channelFees, page, { orderId: order.orderId, ...(order.productId ? { productId: order.productId } : {}) });
  return (
    <section className="card instruction-fees" aria-labelledby="instruction-fees-title">
      <h2 id="instruction-fees-title">{imgList.title}</h2>
      {imgList.eMail && (
        <Link to={feesHref} data-testid="instruction-fees-link">
          {imgList.eMail}
        </Link>
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
