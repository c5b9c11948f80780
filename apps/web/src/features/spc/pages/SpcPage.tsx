import { parameterEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Form, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { ItemPick } from '../../quality/components/ItemPick.tsx';
import { useStandards } from '../../quality/quality.queries.ts';
import { SIDE, type Side } from '../../quality/quality-side.ts';
import { SpcPanel } from '../components/SpcDrawer.tsx';
import { SPC_NS } from '../spc.locales.ts';
import type { SpcSubjectRef } from '../spc.queries.ts';

type Kind = 'parameter' | 'item';
const SIDES: Side[] = ['PRODUCT', 'MATERIAL'];

/** The measured items of a product or material: the chart's read needs the results' view, the pick-list the standards'. */
function ItemPicker({ side, onPick }: { side: Side; onPick: (standardId: number | undefined) => void }) {
  const { t } = useTranslation(SPC_NS);
  const canList = useCan(SIDE[side].infoMenu, 'view');
  const [itemId, setItemId] = useState<number>();
  const [standardId, setStandardId] = useState<number>();
  const standards = useStandards(side, canList ? itemId : undefined);
  if (!canList) {
    return <Alert type="info" showIcon data-testid="spc-no-standards" title={t(`noStandards.${side}`)} />;
  }
  return (
    <>
      <Form.Item label={t(`fields.${side}`)}>
        <ItemPick
          side={side}
          testId="spc-owner"
          value={itemId}
          onChange={(i) => {
            setItemId(i?.id);
            setStandardId(undefined);
            onPick(undefined);
          }}
        />
      </Form.Item>
      <Form.Item label={t('fields.item')}>
        <Select<number>
          data-testid="spc-item"
          aria-label={t('fields.item')}
          style={{ minWidth: 220 }}
          disabled={!itemId}
          loading={standards.isFetching}
          value={standardId}
          notFoundContent={t('noNumberItems')}
          onChange={(v) => {
            setStandardId(v);
            onPick(v);
          }}
          options={(standards.data ?? [])
            .filter((i) => i.kind === 'NUMBER')
            .map((i) => ({
              value: i.id,
              label: `${i.name}${i.unit ? ` (${i.unit})` : ''} · ${t(`stage.${i.stage}`)}${i.operationName ? ` ${i.operationName}` : ''}`,
            }))}
        />
      </Form.Item>
    </>
  );
}

/**
 * /dataCollection/trend/spc (issue 15 "SPC"): the control chart and capability of a machine parameter or of a
 * product's or material's measured inspection item. The quality results screens open the same panel in SpcDrawer.
 */
export default function SpcPage() {
  const navigate = useNavigate();
  const { t } = useTranslation([SPC_NS, 'common']);
  const canProduct = useCan(SIDE.PRODUCT.resultMenu, 'view');
  const canMaterial = useCan(SIDE.MATERIAL.resultMenu, 'view');
  const sides = SIDES.filter((s) => (s === 'PRODUCT' ? canProduct : canMaterial));
  const [kind, setKind] = useState<Kind>('parameter');
  const [side, setSide] = useState<Side>(sides[0] ?? 'PRODUCT');
  const [parameterId, setParameterId] = useState<number>();
  const [standardId, setStandardId] = useState<number>();
  const params = useQuery({
    queryKey: ['spc', 'parameters'],
    queryFn: ({ signal }) => call(parameterEndpoints.list, { query: {}, signal }),
    enabled: kind === 'parameter',
  });
  const subject: SpcSubjectRef | null =
    kind === 'parameter'
      ? parameterId
        ? { kind: 'parameter', parameterId }
        : null
      : standardId
        ? { kind: 'item', standardId, side }
        : null;
  return (
    // A page under the trend menu (its rights and breadcrumb) with its own heading; the button goes back.
    <PageContainer
      menuName="trend"
      title={<span data-testid="spc-title">{t('title')}</span>}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dataCollection/trend')} data-testid="spc-back">
          {t('backToTrend')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Card size="small">
          <Form layout="inline" component="div" style={{ rowGap: 8 }}>
            <Form.Item>
              <Segmented
                data-testid="spc-kind"
                value={kind}
                onChange={(v) => setKind(v as Kind)}
                options={[
                  { value: 'parameter', label: t('subject.parameter') },
                  // Items are read under the results screens: a user who sees neither gets no item mode.
                  { value: 'item', label: t('subject.item'), disabled: sides.length === 0 },
                ]}
              />
            </Form.Item>
            {kind === 'parameter' ? (
              <Form.Item label={t('fields.parameter')}>
                <Select
                  data-testid="spc-parameter"
                  aria-label={t('fields.parameter')}
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ minWidth: 320 }}
                  loading={params.isLoading}
                  value={parameterId}
                  onChange={setParameterId}
                  options={(params.data ?? [])
                    .filter((p) => p.dataType === 'NUMBER')
                    .map((p) => ({ value: p.id, label: `${p.toolCode} · ${p.code} ${p.name}` }))}
                />
              </Form.Item>
            ) : (
              <>
                {sides.length > 1 && (
                  <Form.Item>
                    <Segmented
                      data-testid="spc-side"
                      value={side}
                      onChange={(v) => {
                        setSide(v as Side);
                        setStandardId(undefined);
                      }}
                      options={sides.map((s) => ({ value: s, label: t(`side.${s}`) }))}
                    />
                  </Form.Item>
                )}
                <ItemPicker key={side} side={side} onPick={setStandardId} />
              </>
            )}
          </Form>
        </Card>
        {subject ? <SpcPanel key={JSON.stringify(subject)} subject={subject} /> : <Empty description={t('pick')} />}
      </Flex>
    </PageContainer>
  );
}
