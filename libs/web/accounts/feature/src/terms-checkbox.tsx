import { Link } from 'react-router';
import { CheckboxField, RichText } from '@aero/web-shared-ui';

/** The required terms box (`terms_and_conditions`): `text` names the terms in `<terms>…</terms>`, a link to them in a new tab. */
export function TermsCheckbox({ text }: { text: string }) {
  return (
    <CheckboxField
      label={
        <RichText
          text={text}
          components={{
            terms: (content) => (
              <Link to="/articles/terms-and-conditions" target="_blank" rel="noopener">
                {content}
              </Link>
            ),
          }}
        />
      }
      name="terms_and_conditions"
      required
    />
  );
}
