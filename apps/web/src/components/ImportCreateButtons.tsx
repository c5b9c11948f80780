import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A master screen's header buttons: "Excel import" (when the screen has one) and the primary "Create".
 * Both add rows, so both need the create right; test ids are `<testIdPrefix>-import` / `<testIdPrefix>-create`.
 */
export function ImportCreateButtons({
  testIdPrefix,
  canCreate,
  createLabel,
  onCreate,
  onImport,
}: {
  testIdPrefix: string;
  canCreate: boolean;
  createLabel: string;
  onCreate: () => void;
  onImport?: () => void;
}) {
  const { t } = useTranslation();
  if (!canCreate) return null;
  return (
    <>
      {onImport && (
        <Button icon={<FileExcelOutlined />} data-testid={`${testIdPrefix}-import`} onClick={onImport}>
          {t('excelImport:open')}
        </Button>
      )}
      <Button type="primary" icon={<PlusOutlined />} data-testid={`${testIdPrefix}-create`} onClick={onCreate}>
        {createLabel}
      </Button>
    </>
  );
}
