import { PictureOutlined } from '@ant-design/icons';
import { type Product, productEndpoints } from '@eqms/contract';
import { Button, Image, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defineMaster } from '../../../components/master/master-def.ts';
import { MasterPage } from '../../../components/master/MasterPage.tsx';
import { ProductForm, saveDesignImage } from '../components/ProductForm.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { findProductByBarcode, useDesignImage } from '../product.queries.ts';

/** The image column: an icon for a product with a design image; clicking it opens the preview (fetched then). */
function ImageIndicator({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const [open, setOpen] = useState(false);
  const image = useDesignImage(product, open);
  if (!product.designImageId) return null;
  return (
    <>
      <Tooltip title={product.designImageName}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('actions.preview')}
          data-testid={`product-image-${product.code}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        />
      </Tooltip>
      {open && image.url && (
        <Image style={{ display: 'none' }} src={image.url} preview={{ open, onOpenChange: (next) => setOpen(next) }} />
      )}
    </>
  );
}

/** Products (/baseinfo/productInfo): a plain master with a design image and a barcode look-up. */
export const productMaster = defineMaster({
  name: 'product',
  locales: { kr, en },
  menu: 'productInfo',
  endpoints: productEndpoints,
  table: 'products',
  customFields: 'products',
  pageSize: 20,
  // Type, search, barcode, quick filter and saved searches on one line at 1,440 px.
  search: { width: 220 },
  filters: [{ key: 'type', code: 'PRODUCT_TYPE' }],
  barcode: { find: findProductByBarcode, width: 270 },
  columns: () => [
    { key: 'code', width: 120 },
    { key: 'name', width: 150 },
    { key: 'type', width: 100, code: 'PRODUCT_TYPE' },
    { key: 'specification', width: 110 },
    { key: 'unit', width: 70, code: 'UNIT' },
    { key: 'barcode', width: 120 },
    { key: 'route', width: 110, text: (p) => p.routeName },
    { key: 'lotQty', width: 85, number: true },
    { key: 'packQty', width: 85, number: true },
    { key: 'safetyStock', width: 85, number: true },
    { key: 'shelfLifeDays', width: 95, number: true },
    {
      key: 'designImage',
      width: 80,
      render: (p) => <ImageIndicator product={p} />,
      exportValue: (p) => p.designImageName,
    },
  ],
  form: {
    Fields: ProductForm,
    width: 720,
    defaults: { type: 'FINISHED', unit: 'EA' },
    duplicates: ['code', 'barcode'],
    afterSave: saveDesignImage,
  },
});

export default function ProductPage() {
  return <MasterPage def={productMaster} />;
}
