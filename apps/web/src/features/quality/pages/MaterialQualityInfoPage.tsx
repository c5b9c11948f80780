import { StandardsScreen } from '../components/StandardsScreen.tsx';

/** /quality/material/info: a material's incoming inspection items. */
export default function MaterialQualityInfoPage() {
  return <StandardsScreen side="MATERIAL" />;
}
