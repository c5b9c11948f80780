import { MENU_INDEX } from '@eqms/contract';
import { Flex, Space, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useAppStore } from '../app/store.ts';

/** The menu's label in the current language (page titles, export file names). */
export function useMenuLabel(menuName: string): string {
  const locale = useAppStore((s) => s.locale);
  return MENU_INDEX.get(menuName)?.label[locale] ?? menuName;
}

/**
 * A screen's frame: the title from its menu label in the current language (or `title`, for a screen under another's
 * menu such as SPC under the trend), and a toolbar area on the right.
 */
export function PageContainer({
  menuName,
  title,
  extra,
  children,
}: {
  menuName: string;
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const menuLabel = useMenuLabel(menuName);
  const { token } = theme.useToken();
  return (
    <section className="page-container" data-testid={`page-${menuName}`} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        {/* The page's one h1 (screen readers jump by it), in the size of a section heading. */}
        <Typography.Title
          level={1}
          style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
          data-testid="page-title"
        >
          {title ?? menuLabel}
        </Typography.Title>
        {extra && <Space wrap>{extra}</Space>}
      </Flex>
      {children}
    </section>
  );
}
