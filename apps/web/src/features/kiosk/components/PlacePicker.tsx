import type { KioskFactory } from '@eqms/contract';
import { Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskPlace } from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { ChoiceButton } from './parts.tsx';

// The factory, then the line, as large buttons (GET /kiosk/locations). A single factory is chosen at once; tapping a
// line chooses the place.

export function PlacePicker({
  factories,
  value,
  onPick,
}: {
  factories: KioskFactory[];
  value: KioskPlace | null;
  onPick: (place: KioskPlace) => void;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const [fabId, setFabId] = useState<number | null>(value?.fabId ?? (factories.length === 1 ? factories[0].id : null));
  const factory = factories.find((f) => f.id === fabId);
  if (!factories.length) return <Empty description={<span style={{ fontSize: 20 }}>{t('place.noFactories')}</span>} />;
  return (
    <Flex vertical gap={18} data-testid="kiosk-place-picker">
      <Flex vertical gap={8}>
        <Typography.Text strong style={{ fontSize: 22 }}>
          {t('place.factory')}
        </Typography.Text>
        <Flex gap={10} wrap>
          {factories.map((f) => (
            <ChoiceButton
              key={f.id}
              selected={f.id === fabId}
              onClick={() => setFabId(f.id)}
              testId={`kiosk-factory-${f.id}`}
              minWidth={200}
            >
              {f.name}
            </ChoiceButton>
          ))}
        </Flex>
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Text strong style={{ fontSize: 22 }}>
          {t('place.line')}
        </Typography.Text>
        {!factory ? (
          <Typography.Text type="secondary" style={{ fontSize: 20 }}>
            {t('place.pickFactory')}
          </Typography.Text>
        ) : factory.lines.length ? (
          <Flex gap={10} wrap>
            {factory.lines.map((l) => (
              <ChoiceButton
                key={l.id}
                selected={value?.fabId === factory.id && value.lineId === l.id}
                onClick={() => onPick({ fabId: factory.id, lineId: l.id })}
                testId={`kiosk-line-${l.id}`}
                minWidth={200}
              >
                {l.name}
              </ChoiceButton>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 20 }} data-testid="kiosk-no-lines">
            {t('place.noLines')}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
