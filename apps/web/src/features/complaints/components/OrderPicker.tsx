import type { ComplaintOrder } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { Modal } from '../../../ui/Modal';
import { OrderLine } from './OrderSummary';

type OrderPickerProps = {
  open: boolean;
  orders: readonly ComplaintOrder[];
  selectedNo: string | undefined;
  onChoose: (orderNo: string) => void;
  onClose: () => void;
};

/** The 'All' list: every order of the borrower, the chosen one marked. */
export function OrderPicker({ open, orders, selectedNo, onChoose, onClose }: OrderPickerProps) {
  const t = useT();
  return (
    <Modal open={open} title={t('complaints.orders.title')} onClose={onClose} closeOnMask>
      <ul className="complaint-picker">
        {orders.map((order) => (
          <li key={order.orderNo}>
            <button
              type="button"
              className="complaint-picker__item"
              aria-pressed={order.orderNo === selectedNo}
              data-order-no={order.orderNo}
              onClick={() => onChoose(order.orderNo)}
            >
              <OrderLine order={order} />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
