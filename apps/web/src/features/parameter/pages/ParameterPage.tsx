import { type Parameter, parameterEndpoints } from '@eqms/contract';
import { Col, Row, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { useMasterApi, useMasterRemove, useMasterRights } from '../../../components/master/master-api.ts';
import { useMasterList } from '../../../components/master/master-list.ts';
import { useMasterColumns } from '../../../components/master/master-columns.tsx';
import { defineMaster } from '../../../components/master/master-def.ts';
import { MasterFormDialog } from '../../../components/master/MasterFormDialog.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { IngestKeyButton } from '../../data-collection/components/IngestKeyDrawer.tsx';
import { ToolTreeCard } from '../../tool/components/ToolTreeCard.tsx';
import { findNode, toolIdsUnder } from '../../tool/tool.queries.ts';
import { ParameterForm } from '../components/ParameterForm.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { parameterBody, reportParameterError, useParameterToolTree } from '../parameter.queries.ts';

// Parameters by tool (/datacollect/parameter): the master kit's declaration, api, columns and form, on a page of its
// own: the tool tree beside the list chooses the rows (in the URL), there is no Excel and no custom field.
export const parameterMaster = defineMaster({
  name: 'parameter',
  locales: { kr, en },
  menu: 'parameter',
  endpoints: parameterEndpoints,
  table: 'parameters',
  toBody: parameterBody,
  onRemoveError: reportParameterError,
  columns: (t) => [
    { key: 'tool', width: 150, text: (p) => `${p.toolName} (${p.toolCode})`, sorter: true },
    { key: 'code', width: 120, sorter: true },
    { key: 'name', width: 120, sorter: true },
    {
      key: 'dataType',
      width: 90,
      render: (p) => <Tag color={p.dataType === 'NUMBER' ? 'blue' : 'purple'}>{t(`dataTypes.${p.dataType}`)}</Tag>,
      exportValue: (p) => t(`dataTypes.${p.dataType}`),
    },
    { key: 'unit', width: 70 },
    {
      key: 'lowerLimit',
      width: 90,
      number: { maximumFractionDigits: 5 },
      sorter: (a, b) => (a.lowerLimit ?? -Infinity) - (b.lowerLimit ?? -Infinity),
    },
    { key: 'target', width: 90, number: { maximumFractionDigits: 5 } },
    {
      key: 'upperLimit',
      width: 90,
      number: { maximumFractionDigits: 5 },
      sorter: (a, b) => (a.upperLimit ?? Infinity) - (b.upperLimit ?? Infinity),
    },
    {
      key: 'sampleInterval',
      width: 110,
      render: (p) => t('hints.seconds', { n: p.sampleInterval }),
      exportValue: (p) => p.sampleInterval,
      sorter: (a, b) => a.sampleInterval - b.sampleInterval,
    },
    { key: 'description', width: 160 },
  ],
  form: { Fields: ParameterForm, width: 680, defaults: { dataType: 'NUMBER', sampleInterval: 60, sort: 0 } },
});

export default function ParameterPage() {
  const { t } = useTranslation(['parameter', 'common']);
  const { canCreate, canModify, canDelete } = useMasterRights('parameter');
  const menuLabel = useMenuLabel('parameter');
  const tree = useParameterToolTree();
  const api = useMasterApi(parameterMaster);
  const { remove, removeOne } = useMasterRemove<Parameter>(parameterMaster, api);
  // The tree's selection is in the URL: a link or a reload shows the same tool.
  const [view, setView] = useUrlState<{ node: string | undefined }>({ node: undefined });
  const [editing, setEditing] = useState<Parameter | null | undefined>(undefined);

  const treeData = tree.data ?? [];
  const selected = view.node ? findNode(treeData, view.node) : undefined;
  const toolIds = useMemo(() => (selected ? toolIdsUnder(selected) : null), [selected]);
  // A location without tools has nothing to ask for.
  const empty = toolIds !== null && toolIds.length === 0;
  const list = useMasterList(parameterEndpoints, { toolIds: toolIds ?? undefined }, !empty);
  const rows = empty ? [] : list.data?.data;

  // With one tool chosen, its name is in the toolbar: the column would only repeat it and push the limits aside.
  const oneTool = selected?.kind === 'tool';
  const columns = useMasterColumns<Parameter>(
    parameterMaster.columns(t).filter((c) => !(oneTool && c.key === 'tool')),
    t,
    { name: 'parameter', canModify, canDelete, onEdit: setEditing, onDelete: removeOne },
  );

  return (
    <PageContainer
      menuName="parameter"
      extra={
        <>
          <IngestKeyButton canCreate={canCreate} canDelete={canDelete} />
          <ImportCreateButtons
            testIdPrefix="parameter"
            canCreate={canCreate}
            createLabel={t('actions.create')}
            onCreate={() => setEditing(null)}
          />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <ToolTreeCard
            testId="parameter"
            title={t('titles.tree')}
            showAllLabel={t('actions.showAll')}
            emptyText={t('messages.noTools')}
            data={tree.data}
            loading={tree.isLoading}
            count={(n) => n.parameterCount}
            selectedKey={view.node}
            onSelect={(node) => setView({ node }, { push: true })}
            onShowAll={() => setView({ node: undefined })}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <DataTable<Parameter>
            testId="parameter-table"
            rowKey="id"
            historyTable="parameters"
            columns={columns}
            data={rows}
            loading={list.isFetching}
            selectable={canDelete}
            onDeleteSelected={remove}
            exportName={selected ? `${menuLabel}-${selected.name}` : menuLabel}
            toolbar={
              <Typography.Text type="secondary" data-testid="parameter-filter-label">
                {selected
                  ? selected.kind === 'tool'
                    ? t('hints.ofTool', { name: `${selected.name} (${selected.code})` })
                    : t('hints.ofLocation', { name: selected.name })
                  : t('hints.all')}
              </Typography.Text>
            }
          />
        </Col>
      </Row>
      <MasterFormDialog
        def={parameterMaster}
        open={editing !== undefined}
        row={editing ?? null}
        defaults={{ toolId: selected?.kind === 'tool' ? selected.id : undefined }}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
