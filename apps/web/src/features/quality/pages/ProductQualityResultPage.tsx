import { ResultsScreen } from '../components/ResultsScreen.tsx';

/** /quality/product/result: final (lot) and in-process inspections, the new inspection, and the held lots. */
export default function ProductQualityResultPage() {
  return <ResultsScreen side="PRODUCT" />;
}
