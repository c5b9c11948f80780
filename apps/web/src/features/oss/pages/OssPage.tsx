import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';

// /OSS: the open-source packages the web app ships, from src/generated/oss.json (written by
// scripts/oss-notice.mjs before every build and dev start). A glob import keeps type checks and tests working
// when the file has not been generated yet.
export type OssPackage = {
  name: string;
  version: string;
  license: string;
  repository: string | null;
  homepage: string | null;
};
type OssRow = OssPackage & { key: string; link: string | null };

const sources = import.meta.glob<{ default: OssPackage[] }>('../../../generated/oss.json');

async function loadPackages(): Promise<OssPackage[] | null> {
  const load = Object.values(sources)[0];
  return load ? (await load()).default : null;
}

/** Rows for the table: a unique key per name and version and the best web link (repository, else homepage). */
export function ossRows(list: readonly OssPackage[]): OssRow[] {
  return list.map((p) => ({
    ...p,
    key: `${p.name}@${p.version}`,
    link: p.repository?.startsWith('http') ? p.repository : p.homepage?.startsWith('http') ? p.homepage : null,
  }));
}

export default function OssPage() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({
    queryKey: ['oss-packages'],
    queryFn: loadPackages,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rows = useMemo(() => ossRows(data ?? []), [data]);
  const columns: DataColumn<OssRow>[] = [
    { key: 'name', title: t('oss.name'), dataIndex: 'name', sorter: true },
    { key: 'version', title: t('oss.version'), dataIndex: 'version', width: 120 },
    {
      key: 'license',
      title: t('oss.license'),
      width: 200,
      sorter: true,
      render: (p) => <Tag>{p.license}</Tag>,
      exportValue: (p) => p.license,
    },
    {
      key: 'link',
      title: t('oss.link'),
      exportValue: (p) => p.link,
      render: (p) =>
        p.link ? (
          <a href={p.link} target="_blank" rel="noreferrer noopener">
            {p.link.replace(/^https?:\/\//, '')}
          </a>
        ) : null,
    },
  ];
  return (
    <PageContainer menuName="OSS">
      {data === null ? (
        <Alert type="warning" showIcon title={t('oss.unavailable')} />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="oss-intro">
          {t('oss.intro')} {t('oss.count', { count: rows.length })}
        </Typography.Paragraph>
      )}
      <DataTable<OssRow>
        rowKey="key"
        columns={columns}
        data={rows}
        loading={isPending}
        exportName="oss-notice"
        testId="oss-table"
      />
    </PageContainer>
  );
}
