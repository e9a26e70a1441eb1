// The partner list of the shell's switcher (./partner-switcher): a Select, searching the server for internal
// roles and filtering the user's own partners otherwise.
import { Select } from 'antd';
import { appText } from '../locale';

export interface PartnerSelectProps {
  className: string;
  value: number | undefined;
  internal: boolean;
  searching: boolean;
  options: { value: number; label: string }[];
  onSearch: (query: string) => void;
  onChange: (partnerId: number) => void;
}

export function PartnerSelect({
  className,
  value,
  internal,
  searching,
  options,
  onSearch,
  onChange,
}: PartnerSelectProps) {
  return (
    <Select<number>
      className={className}
      aria-label={appText.partner.label}
      value={value}
      placeholder={internal ? appText.partner.searchPlaceholder : appText.partner.choose}
      showSearch={internal ? { onSearch, filterOption: false } : { optionFilterProp: 'label' }}
      loading={searching}
      notFoundContent={searching ? appText.partner.searching : appText.partner.notFound}
      popupMatchSelectWidth={false}
      options={options}
      onChange={onChange}
    />
  );
}
