// Products (spec 000 §2 nomenclatures): /nomenclatures/add/excel/reduced — the reduced template. Guard 3
// sends dropshipping and FBS/DBS partners to the normal Excel page; a partner switched to one of them
// while here goes there too.
import { Navigate } from 'react-router';
import { useCurrentPartner } from '../../../lib/session/session';
import { nomenclaturesText } from '../locale';
import { ExcelImportScreen } from '../product-add-excel/excel-import-screen';
import { reducedAllowed } from '../product-add-excel/reduced-allowed';

const REDUCED_MODES = ['reduced'] as const;

export function ProductAddExcelReducedPage() {
  const partner = useCurrentPartner();
  if (!partner) return null;
  if (!reducedAllowed(partner.businessModel)) return <Navigate to="/nomenclatures/add/excel" replace />;
  return (
    <ExcelImportScreen
      key={partner.partnerId}
      partnerId={partner.partnerId}
      title={nomenclaturesText.addExcelReduced.title}
      modes={REDUCED_MODES}
    />
  );
}
