import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newsletterConsentRequestSchema } from '@aero/contracts';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { Modal, SchemaForm, serverMessageOr, SubmitButton, useSchemaForm } from '@aero/web-shared-ui';
import { useUpdateNewsletterConsentMutation } from '@aero/web-site-data-access';

export interface NewsletterConsentDialogProps {
  open: boolean;
  onClose: () => void;
  /** The user's current choice (preselected). */
  optedIn: boolean;
}

/**
 * The newsletter consent dialog (shop §2, renewal of the subscription): keep receiving the
 * newsletter or not; saved with `PATCH /profile/update-newsletter-consent` and opt_in 1 or 0.
 */
export function NewsletterConsentDialog({ open, onClose, optedIn }: NewsletterConsentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('newsletter.dialog.title')} size="sm">
      <NewsletterConsentForm optedIn={optedIn} onDone={onClose} />
    </Modal>
  );
}

function NewsletterConsentForm({ optedIn, onDone }: { optedIn: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useSchemaForm(newsletterConsentRequestSchema, { defaultValues: { opt_in: optedIn ? (1 as const) : (0 as const) } });
  const { field } = useController({ control: form.control, name: 'opt_in' });
  const [update, { isLoading }] = useUpdateNewsletterConsentMutation();

  return (
    <SchemaForm
      form={form}
      className="form"
      onSubmit={({ opt_in }) =>
        update({ opt_in })
          .unwrap()
          .then((answer) => {
            dispatch(flashSuccess(answer.message?.trim() || t(opt_in ? 'newsletter.dialog.subscribed' : 'newsletter.dialog.unsubscribed')));
            onDone();
          })
      }
      refusal={{ message: () => undefined, onRefused: (answer) => dispatch(flashError(serverMessageOr(answer))) }}
    >
      <p>{t('newsletter.dialog.text')}</p>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('newsletter.dialog.title')}</legend>
        {([1, 0] as const).map((choice) => (
          <label key={choice} className="choice">
            <input type="radio" name={field.name} value={choice} checked={field.value === choice} onChange={() => field.onChange(choice)} onBlur={field.onBlur} />
            <span>{choice === 1 ? t('newsletter.dialog.yes') : t('newsletter.dialog.no')}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={isLoading}>{t('common.save')}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
