import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  VISUAL_PHOTO_MAX_BYTES,
  VISUAL_PHOTO_MIMES,
  VISUAL_PHOTOS_MAX,
  type VisualInspection,
  type VisualPhoto,
} from '@eqms/contract';
import { Alert, Button, Empty, Flex, Image, Modal, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { VISUAL_NS } from '../visual.locales.ts';
import { useVisualApi, useVisualDetail, useVisualPhotoUrl } from '../visual.queries.ts';

const THUMB = 112;

function Thumb({ photo, onDelete }: { photo: VisualPhoto; onDelete?: () => void }) {
  const { t } = useTranslation([VISUAL_NS, 'common']);
  const url = useVisualPhotoUrl(photo.id);
  return (
    <Flex vertical gap={4} align="center" data-testid={`visual-photo-${photo.id}`} style={{ width: THUMB }}>
      {url ? (
        <Image
          src={url}
          alt={photo.name}
          width={THUMB}
          height={THUMB}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          data-testid="visual-photo-thumb"
        />
      ) : (
        <Flex align="center" justify="center" style={{ width: THUMB, height: THUMB }}>
          <Spin size="small" />
        </Flex>
      )}
      <Flex gap={2} align="center" style={{ width: '100%' }}>
        <Typography.Text ellipsis={{ tooltip: photo.name }} style={{ fontSize: 12, flex: 1 }}>
          {photo.name}
        </Typography.Text>
        {onDelete && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('common:actions.delete')} ${photo.name}`}
            data-testid={`visual-photo-delete-${photo.id}`}
            onClick={onDelete}
          />
        )}
      </Flex>
    </Flex>
  );
}

/** Thumbnails with a full-size preview (click); `onDelete` only while the inspection is a draft. */
export function PhotoStrip({ photos, onDelete }: { photos: VisualPhoto[]; onDelete?: (p: VisualPhoto) => void }) {
  const { t } = useTranslation(VISUAL_NS);
  if (!photos.length) return <Typography.Text type="secondary">{t('hints.noPhotos')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Flex gap={12} wrap>
        {photos.map((p) => (
          <Thumb key={p.id} photo={p} onDelete={onDelete && (() => onDelete(p))} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** An inspection's photos: upload (JPEG/PNG/WebP, checked again by the server) and delete while it is a draft. */
export function VisualPhotosDialog({
  id,
  canUpload,
  canDelete,
  onClose,
}: {
  id: number | null;
  canUpload: boolean;
  canDelete: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation([VISUAL_NS, 'common']);
  const api = useVisualApi();
  const detail = useVisualDetail(id);
  const row: VisualInspection | undefined = detail.data;
  const list = row?.photos ?? [];
  const draft = row?.status === 'DRAFT';
  const notify = useAppStore.getState().notify;
  return (
    <Modal
      open={id !== null}
      title={row && t('titles.photos', { name: `${row.inspectedAt} ${row.lotId ?? t('values.day')}` })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="visual-photos-close">
          {t('common:actions.close')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <div data-testid="visual-photos">
        {!row ? (
          <Spin />
        ) : (
          <>
            {!draft && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('hints.photosLocked')} />}
            {draft && canUpload && (
              <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
                <Upload
                  accept={VISUAL_PHOTO_MIMES.join(',')}
                  showUploadList={false}
                  multiple
                  disabled={list.length >= VISUAL_PHOTOS_MAX}
                  customRequest={async ({ file, onSuccess, onError }) => {
                    try {
                      const saved = await api.addPhoto(row.id, file as File);
                      notify(t('messages.uploaded'), 'success');
                      onSuccess?.(saved);
                    } catch (e) {
                      onError?.(e as Error);
                    }
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="visual-photo-upload">
                    {t('actions.upload')}
                  </Button>
                </Upload>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('hints.photoTypes', { mb: VISUAL_PHOTO_MAX_BYTES / 1024 / 1024, max: VISUAL_PHOTOS_MAX })}
                </Typography.Text>
              </Flex>
            )}
            {list.length === 0 ? (
              <Empty description={t('hints.noPhotos')} />
            ) : (
              <PhotoStrip
                photos={list}
                onDelete={
                  draft && canDelete
                    ? (p) =>
                        void confirmRemove(t('messages.confirmDeletePhoto'), async () => {
                          await api.removePhoto(p.id);
                          notify(t('messages.photoDeleted'), 'success');
                        })
                    : undefined
                }
              />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
