// /page-in-progress (spec 000 §2): the work-in-progress page, named after the menu entry that led here
// (?section=<key>) when it is one of the menu's screens without a route yet.
import { useSearchParams } from 'react-router';
import { WorkInProgress } from '../../components/work-in-progress/work-in-progress';
import { IN_PROGRESS_SECTIONS, type InProgressSection } from '../menu/menu-items';

const isSection = (v: string | null): v is InProgressSection => v !== null && v in IN_PROGRESS_SECTIONS;

export function PageInProgressRoute() {
  const [params] = useSearchParams();
  const section = params.get('section');
  return <WorkInProgress title={isSection(section) ? IN_PROGRESS_SECTIONS[section].title : undefined} />;
}
