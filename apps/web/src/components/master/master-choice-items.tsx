import { Switch } from 'antd';
import { CodeSelect } from '../inputs/CodeSelect.tsx';
import { ItemCol, type ItemProps, useItem } from './master-fields.tsx';

// The choice items of a master form (see master-fields.tsx): a code of a category and a yes/no switch.

/** A code of `category`; clearable unless the body requires it. */
export function CodeItem(p: ItemProps & { category: string }) {
  const item = useItem(p.name, p.labelKey);
  return (
    <ItemCol p={{ sm: 8, ...p }} item={item}>
      <CodeSelect category={p.category} testId={item.testId} allowClear={!(p.required ?? item.required)} />
    </ItemCol>
  );
}

export function SwitchItem(p: ItemProps) {
  const item = useItem(p.name, p.labelKey);
  return (
    <ItemCol p={p} item={item} valuePropName="checked">
      <Switch data-testid={item.testId} />
    </ItemCol>
  );
}
