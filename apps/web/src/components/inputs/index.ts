// The shared form inputs (issue 3 §6): every screen's forms and search bars build on these.
export { BarcodeInput, type BarcodeInputProps } from './BarcodeInput.tsx';
export {
  CascaderField,
  type CascaderFieldProps,
  type CascaderOption,
  type CascaderValue,
  cascaderLabels,
  cascaderRule,
} from './CascaderField.tsx';
export { CodeSelect, type CodeSelectProps } from './CodeSelect.tsx';
export {
  DateRangeField,
  type DateRangeFieldProps,
  type DateRangeRuleOptions,
  dateRangeDays,
  dateRangeRule,
  formatDateRange,
  parseDateRange,
} from './DateRangeField.tsx';
export {
  NumberField,
  type NumberFieldProps,
  decimalRule,
  digitsWithin,
  integerRule,
  numberRule,
} from './NumberField.tsx';
export {
  LocationTreeSelect,
  type LocationTreeSelectProps,
} from '../LocationTreeSelect.tsx';
