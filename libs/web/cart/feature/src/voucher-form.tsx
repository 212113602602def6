import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartMeta } from '@aero/contracts';
import { useApplyVoucherMutation, useRemoveVoucherMutation, voucherErrorMessage } from '@aero/web-cart-data-access';
import './cart-feature.css';

/**
 * Voucher code field with Apply, and Remove for a voucher the shopper applied (shop §5, §8):
 * an empty code is not sent ("exceptions.voucher.required" under the field); a refusal shows the
 * server's message under the field (and as an error flash); success flashes "voucher.success".
 */
export function VoucherForm({ meta }: { meta: CartMeta }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applyVoucher, { isLoading: applying }] = useApplyVoucherMutation();
  const [removeVoucher, { isLoading: removing }] = useRemoveVoucherMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setError(t('exceptions.voucher.required'));
      return;
    }
    setError(null);
    try {
      await applyVoucher(trimmed).unwrap();
      setCode('');
    } catch (failure) {
      setError(voucherErrorMessage(failure) ?? t('errors.generic'));
    }
  };

  const applied = meta.voucher_code !== null && !meta.voucher_auto_applied ? meta.voucher_code : null;
  return (
    <div className="voucher">
      <form className="voucher__form" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="voucher__label">
          {t('voucher.label')}
        </label>
        <div className="voucher__row">
          <input
            id={inputId}
            className={`voucher__input${error ? ' voucher__input--invalid' : ''}`}
            type="text"
            name="code"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('voucher.placeholder')}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="btn btn--secondary" disabled={applying} aria-busy={applying || undefined}>
            {t('voucher.apply')}
          </button>
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {applied && (
        <p className="voucher__applied">
          <span>{t('voucher.applied', { code: applied })}</span>
          <button type="button" className="voucher__remove" disabled={removing} onClick={() => void removeVoucher()}>
            {t('voucher.remove')}
          </button>
        </p>
      )}
    </div>
  );
}
