import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A label and its value on one line, the label in a fixed column (the phone's scan result and stock cards). */
export function LabeledLine({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex gap={12} style={{ paddingBlock: 3 }}>
      <Typography.Text type="secondary" style={{ width: 88, flex: 'none' }}>
        {label}
      </Typography.Text>
      <Typography.Text style={{ flex: 1, minWidth: 0 }} data-testid={testId}>
        {children}
      </Typography.Text>
    </Flex>
  );
}
