// Products (spec 000 §2 nomenclatures): /nomenclatures/add/excel — every template mode the partner may use.
import { useCurrentPartner } from '../../../lib/session/session';
import { nomenclaturesText } from '../locale';
import { ExcelImportScreen } from './excel-import-screen';
import { modesFor } from './reduced-allowed';

export function ProductAddExcelPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  return (
    <ExcelImportScreen
      key={partner.partnerId}
      partnerId={partner.partnerId}
      title={nomenclaturesText.addExcel.title}
      modes={modesFor(partner.businessModel)}
    />
  );
}
