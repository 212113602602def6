import type { CartLineDto, CartMeta } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { CartTotals } from '@aero/web-cart-ui';
import { formatEur } from '@aero/web-shared-util';
import './checkout-ui.css';

export interface CheckoutSummaryProps {
  lines: readonly CartLineDto[];
  meta: CartMeta;
}

/** The order summary of the payment page: the cart lines (name, quantity, price) and the totals. */
export function CheckoutSummary({ lines, meta }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {t('checkout.summary-title')}
      </h2>
      <ul className="checkout-summary__lines" aria-label={t('checkout.lines-label')}>
        {lines.map((line) => (
          <li key={line.id} className="checkout-summary__line">
            <img className="checkout-summary__image" src={line.images.thumbnail} alt="" width={48} height={48} loading="lazy" />
            <span className="checkout-summary__name">{line.name}</span>
            <span className="checkout-summary__quantity">{t('checkout.line-quantity', { count: line.quantity })}</span>
            <span className="checkout-summary__price">{formatEur(line.total)}</span>
          </li>
        ))}
      </ul>
      <CartTotals meta={meta} />
    </section>
  );
}
