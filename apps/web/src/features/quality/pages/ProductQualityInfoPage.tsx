import { StandardsScreen } from '../components/StandardsScreen.tsx';

/** /quality/product/info: a product's in-process (at an operation) and final inspection items. */
export default function ProductQualityInfoPage() {
  return <StandardsScreen side="PRODUCT" />;
}
