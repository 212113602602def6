import type { CartLineDto } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageContents } from '@aero/web-catalog-ui';
import { LineIcon } from '@aero/web-shared-ui';
import { formatEur } from '@aero/web-shared-util';
import { QuantityInput } from './quantity-input.js';
import './cart-ui.css';

export interface CartLinesTableProps {
  lines: readonly CartLineDto[];
  /** A new quantity for a line, after the input's pause. */
  onQuantityCommit: (line: CartLineDto, quantity: number) => void;
  onRemove: (line: CartLineDto) => void;
  /** The added-to-cart modal's table: no description or package contents, arrows on the quantity. */
  compact?: boolean;
  /** Quantity debounce (shop §9: 500 ms on the cart and in the modal). */
  debounceMs?: number;
  caption: string;
}

/**
 * Cart lines: thumbnail, linked name, description (package lines list their contents with links
 * and quantities), quantity input, price and a remove button.
 */
export function CartLinesTable({ lines, onQuantityCommit, onRemove, compact = false, debounceMs, caption }: CartLinesTableProps) {
  const { t } = useTranslation();
  return (
    <table className={`cart-lines${compact ? ' cart-lines--compact' : ''}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cart.columns.product')}</th>
          <th scope="col">{t('cart.columns.quantity')}</th>
          <th scope="col" className="cart-lines__price-head">
            {t('cart.columns.price')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('cart.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className="cart-line">
            <th scope="row" className="cart-line__product">
              <div className="cart-line__product-body">
              <img className="cart-line__image" src={line.images.thumbnail} alt="" width={96} height={96} loading="lazy" />
              <div className="cart-line__text">
                <Link to={line.url} className="cart-line__name">
                  {line.name}
                </Link>
                {!compact && line.description && <p className="cart-line__description">{line.description}</p>}
                {!compact && line.package.length > 0 && (
                  <div className="cart-line__package">
                    <p className="cart-line__package-title" id={`cart-line-${line.id}-contents`}>
                      {t('cart.contains')}
                    </p>
                    <PackageContents items={line.package} headingId={`cart-line-${line.id}-contents`} />
                  </div>
                )}
              </div>
              </div>
            </th>
            <td className="cart-line__quantity">
              <QuantityInput
                value={line.quantity}
                label={t('cart.quantity-of', { name: line.name })}
                onCommit={(quantity) => onQuantityCommit(line, quantity)}
                debounceMs={debounceMs}
                arrows={compact}
              />
            </td>
            <td className="cart-line__price">
              <span className="cart-line__total">{formatEur(line.total)}</span>
              {line.quantity > 1 && <span className="cart-line__unit">{t('cart.unit-price', { price: formatEur(line.total / line.quantity) })}</span>}
            </td>
            <td className="cart-line__actions">
              <button
                type="button"
                className="cart-line__remove"
                aria-label={t('cart.remove-item', { name: line.name })}
                title={t('common.remove')}
                onClick={() => onRemove(line)}
              >
                <LineIcon size={18} d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
