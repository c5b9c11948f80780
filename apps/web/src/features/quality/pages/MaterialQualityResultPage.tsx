import { ResultsScreen } from '../components/ResultsScreen.tsx';

/** /quality/material/result: incoming inspections of packages, the new inspection, and the held packages. */
export default function MaterialQualityResultPage() {
  return <ResultsScreen side="MATERIAL" />;
}
