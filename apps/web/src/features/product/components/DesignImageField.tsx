import { DeleteOutlined, DownloadOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { DESIGN_IMAGE_MAX_BYTES, type Product, ruleMessage, translateMessage } from '@eqms/contract';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { designImageProblem, downloadDesignImage, useDesignImage } from '../product.queries.ts';

const MB = DESIGN_IMAGE_MAX_BYTES / 1024 / 1024;
const THUMB = 96;

export type DesignImageChange = { file: File | null; remove: boolean };
/** Nothing chosen: the stored image stays. */
export const NO_CHANGE: DesignImageChange = { file: null, remove: false };

/**
 * The design image part of the product form: the stored image (preview, download), a newly chosen one (uploaded
 * when the form saves, so a new product gets its image in the same step) or the stored one marked for removal.
 * A chosen file is checked here as the server will (image types, 2 MB) with the SPEC §8 warning. A form item: the
 * change is the item's value, sent by the form's afterSave once the product is saved.
 */
export function DesignImageField({
  product,
  value = NO_CHANGE,
  onChange = () => undefined,
}: {
  product: Product | null;
  value?: DesignImageChange;
  onChange?: (next: DesignImageChange) => void;
}) {
  const { t } = useTranslation('product');
  const locale = useAppStore((s) => s.locale);
  const stored = useDesignImage(product);
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file) {
      setPendingUrl(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setPendingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);

  const hasStored = !!product?.designImageId && !value.remove;
  const shown = pendingUrl ?? (hasStored ? stored.url : null);

  const choose = (file: File) => {
    const problem = designImageProblem(file);
    if (problem) {
      const key = problem === 'fileSize' ? ruleMessage('fileSize', { size: MB, unit: 'MB' }) : 'onlyImages';
      useAppStore.getState().notify(translateMessage(key, locale), 'warning');
      return Upload.LIST_IGNORE;
    }
    onChange({ file, remove: false });
    // Kept for the save: nothing is sent until then.
    return false;
  };

  return (
    <Flex gap={12} align="flex-start" data-testid="product-image-field">
      <div
        style={{
          width: THUMB,
          height: THUMB,
          flex: 'none',
          border: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Image
            src={shown}
            width={THUMB}
            height={THUMB}
            style={{ objectFit: 'contain' }}
            alt={t('fields.designImage')}
            data-testid="product-image-preview"
          />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            {t('hints.noImage')}
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={6} style={{ minWidth: 0 }}>
        <Flex gap={6} wrap>
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            maxCount={1}
            showUploadList={false}
            beforeUpload={choose}
          >
            <Button icon={<UploadOutlined />} size="small" data-testid="product-image-upload">
              {t('actions.upload')}
            </Button>
          </Upload>
          {hasStored && !value.file && product && (
            <Button
              icon={<DownloadOutlined />}
              size="small"
              data-testid="product-image-download"
              onClick={() => void downloadDesignImage(product).catch(() => undefined)}
            >
              {t('actions.download')}
            </Button>
          )}
          {(hasStored || value.file) && (
            <Button
              icon={<DeleteOutlined />}
              size="small"
              danger
              data-testid="product-image-remove"
              onClick={() => onChange({ file: null, remove: !!product?.designImageId })}
            >
              {t('actions.removeImage')}
            </Button>
          )}
          {value.remove && (
            <Button
              icon={<UndoOutlined />}
              size="small"
              data-testid="product-image-undo"
              onClick={() => onChange({ file: null, remove: false })}
            >
              {t('actions.undoRemove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="product-image-hint">
          {value.file
            ? t('hints.newImage', { name: value.file.name })
            : value.remove
              ? t('hints.imageRemoved')
              : hasStored
                ? product?.designImageName
                : t('hints.designImage', { mb: MB })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
