import { useTranslation } from 'react-i18next';
import { voucherCodeFormSchema, type CartMeta, type VoucherCodeForm } from '@aero/contracts';
import { useApplyVoucherMutation, useRemoveVoucherMutation } from '@aero/web-cart-data-access';
import { Field, SchemaForm, useFieldError, useSchemaForm, type FormRefusal } from '@aero/web-shared-ui';
import { useFormContext } from 'react-hook-form';
import './cart-feature.css';

/**
 * Voucher code field with Apply, and Remove for a voucher the shopper applied (shop §5, §8):
 * the contracts' schema refuses an empty code before anything is sent ("Voucher code is
 * required." under the field); a refusal shows the server's message under the field (and as an
 * error flash); success flashes "voucher.success".
 */
export function VoucherForm({ meta }: { meta: CartMeta }) {
  const { t } = useTranslation();
  const form = useSchemaForm(voucherCodeFormSchema, { defaultValues: { code: '' } });
  const [applyVoucher, { isLoading: applying }] = useApplyVoucherMutation();
  const [removeVoucher, { isLoading: removing }] = useRemoveVoucherMutation();
  // Every refusal is said under the field, never above it; one without a field message (a rate
  // limit) says its top message there.
  const refusal: FormRefusal<VoucherCodeForm> = {
    message: () => undefined,
    onRefused: (answer) => {
      if (!answer.fields['code']) form.setError('code', { type: 'server', message: answer.message ?? t('errors.generic') });
    },
  };

  const applied = meta.voucher_code !== null && !meta.voucher_auto_applied ? meta.voucher_code : null;
  // A refusal said about the voucher in effect ("An additional discount is already applied.")
  // no longer holds once it is gone: the field starts clean for the next code.
  const remove = () => {
    void removeVoucher()
      .unwrap()
      .then(() => form.clearErrors('code'))
      .catch(() => undefined);
  };
  return (
    <div className="voucher">
      <SchemaForm
        form={form}
        className="voucher__form"
        refusal={refusal}
        onSubmit={async ({ code }) => {
          await applyVoucher(code.trim()).unwrap();
          form.reset({ code: '' });
        }}
      >
        <VoucherCodeField applying={applying} />
      </SchemaForm>
      {applied && (
        <p className="voucher__applied">
          <span>{t('voucher.applied', { code: applied })}</span>
          <button type="button" className="voucher__remove" disabled={removing} onClick={remove}>
            {t('voucher.remove')}
          </button>
        </p>
      )}
    </div>
  );
}

/** The code input with its Apply button on one row, its message under them. */
function VoucherCodeField({ applying }: { applying: boolean }) {
  const { t } = useTranslation();
  const { register } = useFormContext<VoucherCodeForm>();
  const error = useFieldError('code');
  return (
    <Field label={t('voucher.label')} error={error} className="voucher__field">
      {(control) => (
        <div className="voucher__row">
          <input
            {...control}
            className={`voucher__input${error ? ' voucher__input--invalid' : ''}`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('voucher.placeholder')}
            {...register('code')}
          />
          <button type="submit" className="btn btn--secondary" disabled={applying} aria-busy={applying || undefined}>
            {t('voucher.apply')}
          </button>
        </div>
      )}
    </Field>
  );
}
