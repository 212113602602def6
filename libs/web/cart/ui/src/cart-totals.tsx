import type { CartMeta } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { formatEur, formatEurReduction } from '@aero/web-shared-util';
import './cart-ui.css';

/**
 * The totals: Sub Total (before_discount), Discount, Voucher and Total (final), in EUR with two
 * decimals. The Voucher row is hidden when the voucher was applied automatically (shop §2); its
 * reduction then shows on a row of its own, "Automatic discount", so the rows add up to the total.
 */
export function CartTotals({ meta }: { meta: CartMeta }) {
  const { t } = useTranslation();
  return (
    <table className="cart-totals">
      <caption className="visually-hidden">{t('cart.totals-label')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('cart.sub-total')}</th>
          <td>{formatEur(meta.before_discount)}</td>
        </tr>
        <tr>
          <th scope="row">{t('cart.discount')}</th>
          <td>{formatEurReduction(meta.discount)}</td>
        </tr>
        {meta.voucher_auto_applied && meta.voucher_discount > 0 && (
          <tr>
            <th scope="row">{t('cart.automatic-discount')}</th>
            <td>{formatEurReduction(meta.voucher_discount)}</td>
          </tr>
        )}
        {!meta.voucher_auto_applied && (
          <tr>
            <th scope="row">
              {t('cart.voucher')}
              {meta.voucher_code && <span className="cart-totals__code"> ({meta.voucher_code})</span>}
            </th>
            <td>{formatEurReduction(meta.voucher_discount)}</td>
          </tr>
        )}
        <tr className="cart-totals__total">
          <th scope="row">{t('cart.total')}</th>
          <td>{formatEur(meta.final)}</td>
        </tr>
      </tbody>
    </table>
  );
}
