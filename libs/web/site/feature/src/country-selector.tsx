import { useGetCountriesQuery } from '@aero/web-site-data-access';
import { CountrySelect, type CountrySelectProps } from '@aero/web-shared-ui';

/** The country selector with its countries (`GET /countries/all`, loaded once and filtered locally). */
export function CountrySelector(props: Omit<CountrySelectProps, 'countries'>) {
  const { data } = useGetCountriesQuery();
  return <CountrySelect {...props} countries={data} />;
}
