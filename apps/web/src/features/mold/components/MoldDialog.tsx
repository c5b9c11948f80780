import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { DESIGN_IMAGE_MAX_BYTES, type Mold, moldSaveBody, ruleMessage, translateMessage } from '@eqms/contract';
import { Alert, Button, Col, Flex, Form, Image, Input, Row, Select, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { MOLD_NS } from '../mold.locales.ts';
import { useMoldApi, useMoldImage, useProductOptions } from '../mold.queries.ts';
import { PlacePicker, type PlaceValue } from './PlacePicker.tsx';

type Values = {
  code?: string;
  name?: string;
  productIds?: number[];
  cavities?: number | null;
  ratedShots?: number | null;
  initialShots?: number | null;
  place?: PlaceValue | null;
  note?: string | null;
};

const MB = DESIGN_IMAGE_MAX_BYTES / 1024 / 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The saved mold's design image: preview, upload (sent at once, checked again by the server), remove. */
function DesignImage({ mold }: { mold: Mold }) {
  const { t } = useTranslation(MOLD_NS);
  const api = useMoldApi();
  const locale = useAppStore((s) => s.locale);
  const url = useMoldImage(mold);
  const choose = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      useAppStore.getState().notify(translateMessage('onlyImages', locale), 'warning');
      return Upload.LIST_IGNORE;
    }
    if (file.size > DESIGN_IMAGE_MAX_BYTES) {
      useAppStore
        .getState()
        .notify(translateMessage(ruleMessage('fileSize', { size: MB, unit: 'MB' }), locale), 'warning');
      return Upload.LIST_IGNORE;
    }
    void api.setImage(mold.id, file).then(() => useAppStore.getState().notify(t('messages.imageSaved'), 'success'));
    return false;
  };
  return (
    <Flex gap={12} align="flex-start" data-testid="mold-image-field">
      <div
        style={{
          width: 96,
          height: 96,
          flex: 'none',
          border: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Image
            src={url}
            width={96}
            height={96}
            style={{ objectFit: 'contain' }}
            alt={t('fields.designImage')}
            data-testid="mold-image-preview"
          />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('hints.noImage')}
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={6}>
        <Flex gap={6}>
          <Upload accept={IMAGE_TYPES.join(',')} maxCount={1} showUploadList={false} beforeUpload={choose}>
            <Button icon={<UploadOutlined />} size="small" data-testid="mold-image-upload">
              {t('actions.upload')}
            </Button>
          </Upload>
          {mold.designImageId && (
            <Button
              icon={<DeleteOutlined />}
              size="small"
              danger
              data-testid="mold-image-remove"
              onClick={() =>
                void api
                  .removeImage(mold.id)
                  .then(() => useAppStore.getState().notify(t('messages.imageRemoved'), 'success'))
              }
            >
              {t('actions.removeImage')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {mold.designImageName ?? t('hints.image', { mb: MB })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/**
 * Register or edit a mold (POST /mold/mold, with `id` to modify). The place is a shelf or a tool; once the mold has
 * in/out history it moves only by mounting or returning it, so the field is locked then.
 */
export function MoldDialog({ open, row, onClose }: { open: boolean; row: Mold | null; onClose: () => void }) {
  const { t } = useTranslation([MOLD_NS, 'common']);
  const api = useMoldApi();
  const locale = useAppStore((s) => s.locale);
  const products = useProductOptions(open);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);
  const locked = !!row && row.inoutCount > 0;
  const shape = moldSaveBody.shape;
  const zod = zodRule;

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      ...(row ? { id: row.id } : {}),
      code: v.code ?? '',
      name: v.name ?? '',
      productIds: v.productIds ?? [],
      cavities: v.cavities ?? 0,
      ratedShots: v.ratedShots ?? null,
      initialShots: v.initialShots ?? 0,
      locationId: v.place?.locationId ?? null,
      toolId: v.place?.toolId ?? null,
      note: v.note || null,
    };
    try {
      await api.save(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.created'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.code !== 'DUPLICATE') setRefusal(e);
      showSaveError(form, e, { fieldNames: { locationId: 'place', toolId: 'place' } });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.edit' : 'titles.create')}
      testId="mold-dialog"
      width={760}
      initialValues={
        row
          ? {
              code: row.code,
              name: row.name,
              productIds: row.products.map((p) => p.id),
              cavities: row.cavities,
              ratedShots: row.ratedShots,
              initialShots: row.initialShots,
              place: { locationId: row.locationId, toolId: row.toolId },
              note: row.note,
            }
          : { cavities: 1, initialShots: 0, productIds: [] }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="mold-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zod(shape.code)]}>
            <Input data-testid="mold-code" maxLength={50} autoComplete="off" autoFocus={!row} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zod(shape.name)]}>
            <Input data-testid="mold-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="productIds" label={t('fields.products')}>
            <Select<number[]>
              mode="multiple"
              data-testid="mold-products"
              loading={products.isLoading}
              optionFilterProp="label"
              options={(products.data?.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="cavities" label={t('fields.cavities')} required rules={[zod(shape.cavities)]}>
            <NumberField testId="mold-cavities" integer min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="ratedShots" label={t('fields.ratedShots')} rules={[zod(shape.ratedShots)]}>
            <NumberField testId="mold-rated-shots" integer min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="initialShots" label={t('fields.initialShots')} rules={[zod(shape.initialShots)]}>
            <NumberField testId="mold-initial-shots" integer min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="place"
            label={t('fields.place')}
            required
            extra={locked ? t('hints.placeLocked') : t('hints.place')}
            rules={[
              {
                validator: async (_, v: PlaceValue | null) => {
                  if (!v) throw new Error(translateMessage('placementStock', locale));
                },
              },
            ]}
          >
            <PlacePicker testId="mold-place" disabled={locked} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="note" label={t('fields.note')} rules={[zod(shape.note)]}>
            <Input.TextArea data-testid="mold-note" maxLength={1000} rows={2} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('fields.designImage')}>
            {row ? (
              <DesignImage mold={row} />
            ) : (
              <Typography.Text type="secondary">{t('hints.imageAfterSave')}</Typography.Text>
            )}
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
