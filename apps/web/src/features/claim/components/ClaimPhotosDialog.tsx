import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CLAIM_PHOTO_MAX_BYTES,
  CLAIM_PHOTO_MIMES,
  CLAIM_PHOTOS_MAX,
  type Claim,
  type ClaimPhoto,
} from '@eqms/contract';
import { Alert, Button, Empty, Flex, Image, Modal, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { CLAIM_NS } from '../claim.locales.ts';
import { useClaimApi, useClaimPhotos, usePhotoUrl } from '../claim.queries.ts';

const THUMB = 120;

function Thumb({ photo, canModify, onDelete }: { photo: ClaimPhoto; canModify: boolean; onDelete: () => void }) {
  const { t } = useTranslation([CLAIM_NS, 'common']);
  const url = usePhotoUrl(photo.id);
  return (
    <Flex vertical gap={4} align="center" data-testid={`claim-photo-${photo.id}`} style={{ width: THUMB }}>
      {url ? (
        <Image
          src={url}
          alt={photo.name}
          width={THUMB}
          height={THUMB}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          data-testid="claim-photo-thumb"
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
        {canModify && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common:actions.delete')}
            data-testid={`claim-photo-delete-${photo.id}`}
            onClick={onDelete}
          />
        )}
      </Flex>
    </Flex>
  );
}

/** A claim's photos: thumbnails with a full-size preview, upload (JPEG/PNG/WebP) and delete while the claim is open. */
export function ClaimPhotosDialog({
  claim,
  canModify,
  onClose,
}: {
  claim: Claim | null;
  canModify: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation([CLAIM_NS, 'common']);
  const api = useClaimApi();
  const photos = useClaimPhotos(claim?.claimId ?? null);
  const list = photos.data ?? [];
  const closed = claim?.status === 'CLOSED';
  const editable = canModify && !closed;
  const notify = useAppStore.getState().notify;
  return (
    <Modal
      open={!!claim}
      title={claim && t('titles.photos', { name: `${claim.receivedDt} ${claim.bizPartnerName}` })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="claim-photos-close">
          {t('common:actions.close')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <div data-testid="claim-photos">
        {closed && canModify && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('hints.photosClosed')} />
        )}
        {editable && (
          <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
            <Upload
              accept={CLAIM_PHOTO_MIMES.join(',')}
              showUploadList={false}
              multiple={false}
              disabled={list.length >= CLAIM_PHOTOS_MAX}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const saved = await api.addPhoto(claim!.claimId, file as File);
                  notify(t('messages.uploaded'), 'success');
                  onSuccess?.(saved);
                } catch (e) {
                  onError?.(e as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="claim-photo-upload">
                {t('actions.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('hints.photoTypes', { mb: CLAIM_PHOTO_MAX_BYTES / 1024 / 1024, max: CLAIM_PHOTOS_MAX })}
            </Typography.Text>
          </Flex>
        )}
        {photos.isLoading ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty description={t('hints.noPhotos')} />
        ) : (
          <Image.PreviewGroup>
            <Flex gap={12} wrap>
              {list.map((p) => (
                <Thumb
                  key={p.id}
                  photo={p}
                  canModify={editable}
                  onDelete={() =>
                    void confirmRemove(t('messages.confirmDeletePhoto'), async () => {
                      await api.removePhoto(p.id);
                      notify(t('messages.photoDeleted'), 'success');
                    })
                  }
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
      </div>
    </Modal>
  );
}
