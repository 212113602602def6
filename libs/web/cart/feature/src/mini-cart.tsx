import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CartView } from '@aero/contracts';
import { useGetCartQuery } from '@aero/web-cart-data-access';
import { CartIcon } from '@aero/web-shared-ui';
import { formatEur, MINI_CART_NAME_LIMIT, stripTags, truncate } from '@aero/web-shared-util';
import './cart-feature.css';

/** A mini-cart item name: markup stripped, cut to 40 characters with an ellipsis (shop §2). */
export function miniCartName(name: string): string {
  return truncate(stripTags(name), MINI_CART_NAME_LIMIT);
}

/**
 * The small cart drop-down of the top menu (shop §2): hidden while the cart is empty (then
 * `whenEmpty` shows, e.g. the plain cart link). Loads the cart on first need.
 */
export function MiniCart({ whenEmpty = null }: { whenEmpty?: ReactNode }) {
  const { data: cart } = useGetCartQuery();
  if (!cart || cart.data.length === 0) return <>{whenEmpty}</>;
  return <MiniCartDropdown cart={cart} />;
}

function MiniCartDropdown({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const panelId = useId();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Navigating closes it.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

  const count = cart.meta.items_count;
  return (
    <div className="mini-cart" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="mini-cart__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          setOpenedAt(pathname);
        }}
      >
        {/* The name is the visible label and count, "Cart 3 items" ("items" for screen readers only). */}
        <CartIcon />
        <span>{t('nav.cart')}</span>{' '}
        <span className="mini-cart__count" data-testid="mini-cart-count">
          {count}
        </span>{' '}
        <span className="visually-hidden">{t('cart.mini.items', { count })}</span>
      </button>

      <div id={panelId} className="mini-cart__panel" hidden={!open}>
        <ul className="mini-cart__items" aria-label={t('cart.mini.items-label')}>
          {cart.data.map((line) => {
            const plain = stripTags(line.name);
            const name = miniCartName(line.name);
            return (
              <li key={line.id} className="mini-cart__item">
                <img className="mini-cart__image" src={line.images.thumbnail} alt="" width={40} height={40} />
                <span className="mini-cart__name" title={name === plain ? undefined : plain}>
                  {name}
                </span>
                <span className="mini-cart__quantity">× {line.quantity}</span>
                <span className="mini-cart__price">{formatEur(line.total)}</span>
              </li>
            );
          })}
        </ul>
        <p className="mini-cart__total">
          <span>{t('cart.total')}</span>
          <strong>{formatEur(cart.meta.final)}</strong>
        </p>
        <Link to="/cart" className="btn btn--primary mini-cart__view" onClick={() => setOpen(false)}>
          {t('cart.mini.view')}
        </Link>
      </div>
    </div>
  );
}
