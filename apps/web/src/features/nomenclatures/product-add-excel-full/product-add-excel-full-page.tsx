// Products (spec 000 §2 nomenclatures): /nomenclatures/add/excel/full — the full template, for new
// products or for updating existing ones.
import { useCurrentPartner } from '../../../lib/session/session';
import { nomenclaturesText } from '../locale';
import { ExcelImportScreen } from '../product-add-excel/excel-import-screen';

const FULL_MODES = ['full', 'full_update'] as const;

export function ProductAddExcelFullPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return (
    <ExcelImportScreen
      key={partner.partnerId}
      partnerId={partner.partnerId}
      title={nomenclaturesText.addExcelFull.title}
      modes={FULL_MODES}
    />
  );
}
