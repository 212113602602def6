import type { OrderListItem, OrderStatus } from '@aero/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { ordersApi, OrdersPaths, useGetWalletQuery, useListOrdersQuery } from '@aero/web-orders-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, FactList, FailureNotice, PageLoading, PageTitle, StatusBadge, type BadgeTone } from '@aero/web-shared-ui';
import { formatEur, formatEurReduction } from '@aero/web-shared-util';
import { useDataMethodRequest } from '@aero/web-site-data-access';
import './orders-feature.css';

/** How each order status reads (paid, waiting for the money, canceled). */
const STATUS_TONES: Record<OrderStatus, BadgeTone> = { created: 'neutral', waiting_from_payment: 'warning', payed: 'success', canceled: 'danger' };

const ORDERS_PATH = '/orders';

/**
 * /orders (learning: orders/invoices): the buyer's orders, newest first, with reference, date,
 * status, payment kind, totals, lines, the PDF invoice of a paid order, and a cancel icon for an
 * unpaid one (confirmation, POST /orders/cancel/{uuid}, then the list reloads). The wallet
 * balance heads the screen.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const { data, isLoading, isFetching, isError, error } = useListOrdersQuery({ page });
  const wallet = useGetWalletQuery();
  const cancel = useDataMethodRequest({
    // The spec reloads the page; here the orders and the wallet are read again, and so is
    // anything else read of an order (its bank-wire page must say it was canceled).
    reload: () => {
      dispatch(ordersApi.util.invalidateTags(['Order', 'Wallet']));
      dispatch(flashSuccess(t('orders.canceled')));
    },
  });

  if (isSignInRequired(error)) return <Navigate to={signInPath(ORDERS_PATH)} replace />;

  const pagination = data?.meta.pagination;
  const goTo = (next: number) => setSearch(next > 1 ? { page: String(next) } : {});
  return (
    <section className="page orders" aria-labelledby="orders-title">
      <PageTitle title={t('orders.title')} />
      <header className="orders__header">
        <h1 id="orders-title">{t('orders.title')}</h1>
        {wallet.data && (
          <p className="orders__wallet">
            {t('orders.wallet-balance')} <strong>{wallet.data.formatted_balance}</strong>
          </p>
        )}
      </header>
      {isLoading && <PageLoading />}
      {isError && !data && <FailureNotice failure={error} />}
      {data && data.data.length === 0 && <p className="orders__empty">{t('orders.empty')}</p>}
      {data && data.data.length > 0 && (
        <ul className="orders__list" aria-label={t('orders.list-label')} aria-busy={isFetching || undefined}>
          {data.data.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                onCancel={() => cancel.request(OrdersPaths.cancel(order.id), 'post', t('orders.cancel-confirm', { reference: order.reference }))}
                cancelBusy={cancel.busy}
              />
            </li>
          ))}
        </ul>
      )}
      {pagination && pagination.total_pages > 1 && (
        <nav className="orders__pages" aria-label={t('orders.pages')}>
          <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('common.previous')}
          </button>
          <span>{t('orders.page', { page: pagination.current_page, pages: pagination.total_pages })}</span>
          <button type="button" className="btn btn--secondary" disabled={page >= pagination.total_pages} onClick={() => goTo(page + 1)}>
            {t('common.next')}
          </button>
        </nav>
      )}
      {/* Both buttons say what they do: on a cancel dialog, a bare 'Cancel' could mean either. */}
      <ConfirmDialog {...cancel.dialog} title={t('orders.cancel-title')} confirmLabel={t('orders.cancel')} cancelLabel={t('orders.keep')} />
    </section>
  );
}

function OrderCard({ order, onCancel, cancelBusy }: { order: OrderListItem; onCancel: () => void; cancelBusy: boolean }) {
  const { t, i18n } = useTranslation();
  const titleId = `order-${order.id}-title`;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(order.created_at));
  return (
    <article className={`order-card order-card--${order.status}`} aria-labelledby={titleId}>
      <header className="order-card__header">
        <h2 id={titleId} className="order-card__title">
          {t('orders.order', { reference: order.reference })}
        </h2>
        <StatusBadge tone={STATUS_TONES[order.status]} className="order-status">
          {t(`orders.statuses.${order.status}`)}
        </StatusBadge>
        <div className="order-card__actions">
          {order.invoice_available && (
            <a className="btn btn--secondary order-card__invoice" href={OrdersPaths.invoice(order.id)} aria-label={t('orders.invoice-named', { reference: order.reference })}>
              {t('orders.invoice')}
            </a>
          )}
          {order.can_cancel && (
            <button
              type="button"
              className="order-card__cancel"
              aria-label={t('orders.cancel-named', { reference: order.reference })}
              title={t('orders.cancel')}
              disabled={cancelBusy}
              onClick={onCancel}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
                <path d="M9 9l6 6M15 9l-6 6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
      </header>
      <FactList
        className="order-card__facts"
        facts={[
          { label: t('orders.date'), value: <time dateTime={order.created_at}>{date}</time> },
          { label: t('orders.payment'), value: t(`payment.methods.${order.payment_kind}`) },
          { label: t('orders.total'), value: <strong>{order.formatted_total}</strong> },
        ]}
      />
      <table className="order-lines">
        <caption className="visually-hidden">{t('orders.lines-label', { reference: order.reference })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.columns.product')}</th>
            <th scope="col">{t('orders.columns.quantity')}</th>
            <th scope="col">{t('orders.columns.price')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.product_id}>
              <th scope="row">{line.name}</th>
              <td>{line.quantity}</td>
              <td>{line.formatted_total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label={t('cart.sub-total')} amount={formatEur(order.before_discount)} />
          {order.discount > 0 && <TotalRow label={t('cart.discount')} amount={formatEurReduction(order.discount)} />}
          {order.voucher_discount > 0 && (
            <TotalRow
              label={
                <>
                  {t('cart.voucher')}
                  {order.voucher_code && ` (${order.voucher_code})`}
                </>
              }
              amount={formatEurReduction(order.voucher_discount)}
            />
          )}
          <TotalRow className="order-lines__total" label={t('cart.total')} amount={order.formatted_total} />
        </tfoot>
      </table>
    </article>
  );
}

/** A row of an order's totals, under its lines (the label spans the name and quantity columns). */
function TotalRow({ label, amount, className }: { label: ReactNode; amount: string; className?: string }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td>{amount}</td>
    </tr>
  );
}
